#!/bin/sh
# Builds what an example imports from the package of this repository (dist/lib, dist/browser and the
# bundle), once: the examples depend on it as "file:../..", which npm links without building.
# Run by each example's `npm start` only while node_modules/kyc-verify/dist/lib is missing.
set -e
cd "$(dirname "$0")/.."
[ -x node_modules/.bin/vite ] || npm ci --no-audit --no-fund
npm run build:browser
npm run build:node

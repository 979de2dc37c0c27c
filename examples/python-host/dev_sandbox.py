"""For `python3 host.py` in a clone of kyc-verify only (not part of the model): the clone's sandbox as the KYC service, and the element's bundle built if it is not."""

import atexit
import re
import subprocess
import sys
import threading


class Sandbox:
    def __init__(self, process, url):
        self.process, self.url = process, url

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)


def start_sandbox(repository, bundle_dir):
    """Starts `npm run sandbox` on a free port (needs the clone's `npm install`), after building the bundle if bundle_dir lacks it."""
    if not (bundle_dir / "kyc-verify.bundle.js").exists():
        print("building the element's bundle (npx vite build --mode standalone)…", flush=True)
        subprocess.run(["npx", "vite", "build", "--mode", "standalone", "--logLevel", "warn"], cwd=repository, check=True)
    command = ["node", "--import", "tsx", "src/sandbox/cli.ts", "--port", "0"]
    process = subprocess.Popen(command, cwd=repository, stdout=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    found = re.search(r"listening on (\S+)", line)
    if not found:
        process.kill()
        sys.exit("the sandbox did not start (run `npm install` at the root of the clone first): %s" % line.strip())
    # Its later lines are read and dropped, so that a full pipe never stops it.
    threading.Thread(target=process.stdout.read, daemon=True).start()
    sandbox = Sandbox(process, found.group(1))
    atexit.register(sandbox.stop)
    return sandbox

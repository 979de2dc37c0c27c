import type { SandboxApp, SandboxParts } from '../context.js';

export function registerPageRoutes(_app: SandboxApp, _parts: SandboxParts): void {}

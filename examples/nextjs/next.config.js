// The kit and the sandbox run as Node modules of the server, not bundled.
export default { serverExternalPackages: ['kyc-verify'] };

// A server command for the element tests: `executeServerCommand('emulate-touch', { touch })` gives the
// page a phone's pointer (a finger: `(pointer: coarse)`, as auto mode asks), or a computer's again.
// The DevTools session that sets it is kept: the emulation ends with it.
const sessions = new Map();

export const touchPlugin = {
  name: 'emulate-touch',
  async executeCommand({ command, payload, session }) {
    if (command !== 'emulate-touch') return undefined;
    const page = session.browser.getPage(session.id);
    if (!sessions.has(page)) sessions.set(page, await page.createCDPSession());
    await sessions.get(page).send('Emulation.setTouchEmulationEnabled', { enabled: payload.touch, maxTouchPoints: 5 });
    return true;
  },
};

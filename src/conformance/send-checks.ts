/** The rule of the optional send POST: a host that sends the link sends it for nobody but the owner, from nobody but its own pages. */
import { seen, type Answer, type Visitor } from './http.js';
import type { Verdicts } from './rules.js';
import type { Session } from './session-checks.js';

/**
 * Asks a host that says "send" to send the owner's link as a stranger, without the header and
 * cross-site: each must be refused, so a conforming host sends nothing during the check.
 */
export async function checkSendGuard(owner: Visitor, session: Session, stranger: Visitor, verdicts: Verdicts): Promise<void> {
  const channels = session.body.send;
  if (!Array.isArray(channels) || !channels.length) return verdicts.pass('sendGuarded', 'no sending offered (no answer says "send")');
  const [channel] = channels;
  const attempts: [string, Promise<Answer>, number][] = [
    ['a stranger', stranger.postSend(session.uuid, channel), 404],
    ['the owner, without kyc-verify-session', owner.postSend(session.uuid, channel, { 'kyc-verify-session': null }), 403],
    [
      'the owner, cross-site',
      owner.postSend(session.uuid, channel, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }),
      403,
    ],
  ];
  const problems: string[] = [];
  for (const [who, sent, expected] of attempts) {
    const answer = await sent;
    if (answer.status !== expected) problems.push(`${who}: saw ${seen(answer)}, expected ${expected}`);
  }
  verdicts.judge('sendGuarded', problems);
}

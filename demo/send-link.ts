/**
 * The demo host's `sendLink`: what an integrator writes. The destination comes from the host's
 * own records of the user (users.ts), never from the browser; e-mail goes through nodemailer to
 * the demo's SMTP server, SMS to the demo page's outbox (a real host calls its SMS provider there).
 */
import nodemailer from 'nodemailer';
import type { SendDestination, SendLink } from '../src/server/index.js';
import { maskEmail, maskPhone, userOf } from './users.js';

/** Where `demoSendLink` sends for this context: the kit counts sends per destination (docs/budgets.md). */
export const demoDestination: SendDestination = ({ channel, owner }) => (channel === 'sms' ? userOf(owner).phone : userOf(owner).email);

export function demoSendLink(smtpUrl: string, toOutbox: (sms: { to: string; text: string }) => void): SendLink {
  const mailer = nodemailer.createTransport(smtpUrl);
  return async ({ link, channel, owner }) => {
    const user = userOf(owner);
    if (channel === 'sms') {
      toOutbox({ to: user.phone, text: `Tu enlace de verificación de identidad: ${link}` });
      return { to: maskPhone(user.phone) };
    }
    await mailer.sendMail({
      from: 'Demo de kyc-verify <verificacion@kyc-demo.example>',
      to: user.email,
      subject: 'Tu enlace de verificación de identidad',
      text: `Hola ${user.name}:\n\nAbre este enlace en tu celular para verificar tu identidad:\n\n${link}\n\nSi no lo pediste, ignora este correo.\n`,
    });
    return { to: maskEmail(user.email) };
  };
}

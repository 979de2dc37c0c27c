import type { KycVerifyStrings } from './localize.js';

/**
 * Portuguese (Brazil). The document verified is a Chilean one: its own name, *cédula de identidade*
 * (the title a Brazilian knows from the RG), *cédula* for short, and *RUT*, its number, kept as it
 * is printed on the card, the way a Brazilian says CPF. *Celular*, *você*, *prova de vida*.
 */
export const ptBR: KycVerifyStrings = {
  scanTitle: 'Escaneie o código com o seu celular',
  qrLabel: 'QR code que abre o link de verificação de identidade',
  openHere: 'Ou abra neste dispositivo',
  openButton: 'Verificar minha identidade',
  newTab: 'Abre em uma nova aba',
  copyLink: 'Copiar link',
  linkCopied: 'Link copiado',
  copyFailed: 'Não foi possível copiar o link',
  timeLeft: 'Tempo restante: {time}',
  preparing: 'Preparando a sua verificação…',
  waiting: 'Aguardando você começar no celular…',
  waitingHere: 'Aguardando você começar a verificação…',
  documentCaptured: 'Cédula capturada. Agora tire a sua selfie…',
  triesLeft: 'Tentativas restantes: {tries}.',
  checking: 'Analisando a sua selfie…',
  continueOnPhone: 'Continue no seu celular',
  stepDocument: 'Cédula de identidade',
  stepSelfie: 'Selfie e prova de vida',
  stepChecking: 'Análise',
  markDone: 'Concluído',
  markCurrent: 'Em andamento',
  markProblem: 'Com problema',
  markTodo: 'Pendente',
  showCode: 'QR code para outro celular',
  successful: 'Sua identidade foi verificada.',
  saving: 'Registrando o resultado…',
  continue: 'Continuar',
  failed: 'Não conseguimos verificar a sua identidade.',
  expired: 'A verificação expirou.',
  reasonDocument:
    'Não conseguimos validar a sua cédula. Tente de novo com a cédula original, em um lugar bem iluminado e com ela inteira na imagem.',
  reasonRut: 'O RUT da cédula não corresponde ao que está sendo verificado. Use a sua própria cédula.',
  reasonFace: 'A sua selfie não corresponde à foto da cédula. Tente de novo de frente, sem óculos nem boné.',
  reasonScore: 'Não conseguimos confirmar a sua selfie. Tente de novo em um lugar bem iluminado, olhando de frente.',
  reasonOther: 'Você pode tentar de novo.',
  reasonIdle: 'Uma etapa ficou tempo demais sem ser concluída. Comece de novo quando estiver com a sua cédula em mãos.',
  reasonLink: 'O link expirou antes de você terminar. Comece de novo com um link novo.',
  reconnecting: 'Reconectando… A verificação continua.',
  errorStart: 'Não conseguimos iniciar a verificação. Tente de novo em alguns minutos.',
  errorLost: 'Não conseguimos mais acompanhar a verificação aqui. Se você começou no celular, termine por lá.',
  errorSetup: 'A verificação não está disponível nesta página.',
  timeDocument: 'Tempo para a cédula: {time}',
  timeSelfie: 'Tempo para a selfie: {time}',
  busy: 'Há muitas verificações em andamento. Aguarde um momento ou termine a que você já começou.',
  tryAgain: 'Tentar de novo',
};

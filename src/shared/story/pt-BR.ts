import type { StoryWords } from './story.js';

/**
 * Portuguese (Brazil). The document verified is a Chilean one: its own name, *cédula de identidade*
 * (the title a Brazilian knows from the RG), *cédula* for short, and *RUT*, its number, kept as it
 * is printed on the card, the way a Brazilian says CPF. *Celular*, *você*, *prova de vida*.
 */
export const ptBRStory: StoryWords = {
  stepDocument: 'Cédula de identidade',
  stepSelfie: 'Selfie e prova de vida',
  stepSelfieOnly: 'Selfie',
  stepChecking: 'Análise',
  stepOf: 'Etapa {n} de {total}',
  triesLeft: 'Tentativas restantes: {tries}.',
  timeDocument: 'Tempo para a cédula: {time}',
  timeSelfie: 'Tempo para a selfie: {time}',
  reasonDocument:
    'Não conseguimos validar a sua cédula. Tente de novo com a cédula original, em um lugar bem iluminado e com ela inteira na imagem.',
  reasonRut: 'O RUT da cédula não é o que está sendo verificado. Confira se é a cédula certa.',
  reasonRutSides:
    'O RUT da frente da cédula não corresponde ao do verso. Fotografe os dois lados da mesma cédula, em um lugar bem iluminado.',
  reasonFace: 'A sua selfie não corresponde à foto da cédula. Tente de novo de frente, sem óculos nem boné.',
  reasonScore: 'Não conseguimos confirmar a sua selfie. Tente de novo em um lugar bem iluminado, olhando de frente.',
  reasonOther: 'Você pode tentar de novo.',
  reasonIdle: 'Uma etapa ficou tempo demais sem ser concluída. Comece de novo quando estiver com a sua cédula em mãos.',
  reasonLink: 'O link expirou antes de você terminar. Comece de novo com um link novo.',
  successful: 'Sua identidade foi verificada.',
  failed: 'Não conseguimos verificar a sua identidade.',
  expired: 'A verificação expirou.',
};

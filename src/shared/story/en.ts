import type { StoryWords } from './story.js';

/** English. */
export const enStory: StoryWords = {
  stepDocument: 'ID card',
  stepSelfie: 'Selfie and liveness',
  stepSelfieOnly: 'Selfie',
  stepChecking: 'Checking',
  stepOf: 'Step {n} of {total}',
  triesLeft: 'Tries left: {tries}.',
  timeDocument: 'Time for your ID card: {time}',
  timeSelfie: 'Time for your selfie: {time}',
  reasonDocument: 'We could not validate your ID card. Try again with the original card, in good light and fully in view.',
  reasonRut: 'The RUT on the ID card is not the one being verified. Check that it is the right card.',
  reasonRutSides:
    'The RUT on the front of the ID card does not match the one on the back. Photograph both sides of the same card, in good light.',
  reasonFace: 'Your selfie does not match the photo on your ID card. Try again facing the camera, without glasses or a hat.',
  reasonScore: 'We could not confirm your selfie. Try again in good light, facing the camera.',
  reasonOther: 'You can try again.',
  reasonIdle: 'A step was left unfinished for too long. Start again when you have your ID card at hand.',
  reasonLink: 'The link expired before you finished. Start again with a new link.',
  successful: 'Your identity is verified.',
  failed: 'We could not verify your identity.',
  expired: 'The verification expired.',
};

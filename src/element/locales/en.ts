import type { Sentences } from '../localize.js';

/** English. */
export const en: Sentences = [
  'Scan the code with your phone', // scanTitle
  'QR code that opens the identity verification link', // qrLabel
  'Or open it on this device', // openHere
  'Verify my identity', // openButton
  'Opens in a new tab', // newTab
  'Copy link', // copyLink
  'Link copied', // linkCopied
  'Could not copy the link', // copyFailed
  'Time left: {time}', // timeLeft
  'Preparing your verification…', // preparing
  'Waiting for you to start on your phone…', // waiting
  'Waiting for you to start the verification…', // waitingHere
  'ID card captured. Now take your selfie…', // documentCaptured
  'Tries left: {tries}.', // triesLeft
  'Checking your selfie…', // checking
  'Continue on your phone', // continueOnPhone
  'ID card', // stepDocument
  'Selfie and liveness', // stepSelfie
  'Checking', // stepChecking
  'Done', // markDone
  'In progress', // markCurrent
  'Problem', // markProblem
  'To do', // markTodo
  'QR code for another phone', // showCode
  'Your identity is verified.', // successful
  'Recording the result…', // saving
  'Continue', // continue
  'We could not verify your identity.', // failed
  'The verification expired.', // expired
  'We could not validate your ID card. Try again with the original card, in good light and fully in view.', // reasonDocument
  'The RUT on the ID card does not match the one being verified. Use your own ID card.', // reasonRut
  'Your selfie does not match the photo on your ID card. Try again facing the camera, without glasses or a hat.', // reasonFace
  'We could not confirm your selfie. Try again in good light, facing the camera.', // reasonScore
  'You can try again.', // reasonOther
  'A step was left unfinished for too long. Start again when you have your ID card at hand.', // reasonIdle
  'The link expired before you finished. Start again with a new link.', // reasonLink
  'Reconnecting… The verification carries on.', // reconnecting
  'We could not start the verification. Try again in a few minutes.', // errorStart
  'We can no longer follow the verification here. If you started it on your phone, finish it there.', // errorLost
  'Verification is not available on this page.', // errorSetup
  'Try again', // tryAgain
];

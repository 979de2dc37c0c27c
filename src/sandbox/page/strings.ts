/** Texts of the verification page, in Spanish (the default) and English. */
import { ISSUE_CODES, type IssueCode } from '../../shared/issue-codes.js';

export type Lang = 'es' | 'en';

export function langOf(value: string | undefined): Lang {
  return value === 'en' ? 'en' : 'es';
}

const SPANISH_ISSUES: Record<IssueCode, string> = {
  '001': 'Proceso KYC iniciado con el id de transacción',
  '002': 'Datos del documento recibidos correctamente',
  '003': 'El RUT no coincide con el RUT del reverso del documento',
  '004': 'No se pudo obtener el número de documento',
  '005': 'El RUT del usuario no coincide con el RUT del documento',
  '006': 'El documento está bloqueado o no es válido',
  '007': 'No se puede leer la información de estos documentos',
  '008': 'No se pudieron obtener rostros del documento',
  '009': 'No se puede obtener el campo mínimo',
  '010': 'No se pudo extraer toda la información del documento',
  '011': 'Documento no válido, probablemente una fotocopia o escaneo',
  '012': 'Se alcanzó el puntaje mínimo',
  '013': 'Flujo completado con éxito',
  '014': 'La selfie y la foto del documento no coinciden',
  '015': 'No se alcanzó el puntaje mínimo',
  '016': 'Flujo completado sin éxito',
  time_out: 'Expiración por inactividad en un paso',
};

export function issueText(lang: Lang, code: IssueCode): string {
  return lang === 'es' ? SPANISH_ISSUES[code] : ISSUE_CODES[code];
}

export const STRINGS = {
  es: {
    title: 'Verificación de identidad',
    sandboxNotice: 'Sandbox: ninguna cámara se usa. Elija qué ocurre en cada paso.',
    otherLanguage: 'English',
    progress: (step: number, steps: number) => `Paso ${step} de ${steps}`,
    documentHeading: 'Documento de identidad',
    documentIntro: 'Muestre el anverso y el reverso de su cédula de identidad.',
    documentOk: 'Documento OK',
    automaticCapture: 'Captura automática',
    documentProblems: 'Problemas con el documento',
    selfieHeading: 'Selfie',
    selfieIntro: 'Mire a la cámara con el rostro descubierto.',
    selfieOk: 'Selfie OK',
    selfieProblems: 'Problemas con la selfie',
    blacklisted: 'Rostro en lista negra',
    challengeHeading: (n: number, of: number) => `Prueba de vida ${n} de ${of}`,
    challengeIntro: 'Siga la instrucción en pantalla: gire la cabeza o parpadee.',
    challengeOk: 'Prueba superada',
    challengeFailed: 'Prueba fallida',
    lastProblem: 'Intento fallido',
    triesLeft: (n: number) => (n === 1 ? 'Queda 1 intento.' : `Quedan ${n} intentos.`),
    timeLeft: 'Tiempo restante',
    sessionTime: 'Tiempo de sesión',
    seconds: 's',
    successful: 'Verificación exitosa',
    failed: 'Verificación fallida',
    expired: 'El enlace expiró',
    continue: 'Continuar',
    notFoundHeading: 'Transacción no encontrada',
    notFound: 'Revise el enlace que recibió.',
    conflictHeading: 'Ese paso ya no está disponible',
    back: 'Volver a la verificación',
    badRequestHeading: 'Opción no válida',
  },
  en: {
    title: 'Identity verification',
    sandboxNotice: 'Sandbox: no camera is used. Choose what happens at each step.',
    otherLanguage: 'Español',
    progress: (step: number, steps: number) => `Step ${step} of ${steps}`,
    documentHeading: 'Identity document',
    documentIntro: 'Show the front and the back of your identity card.',
    documentOk: 'Document OK',
    automaticCapture: 'Automatic capture',
    documentProblems: 'Document problems',
    selfieHeading: 'Selfie',
    selfieIntro: 'Look at the camera with your face uncovered.',
    selfieOk: 'Selfie OK',
    selfieProblems: 'Selfie problems',
    blacklisted: 'Face on blacklist',
    challengeHeading: (n: number, of: number) => `Liveness challenge ${n} of ${of}`,
    challengeIntro: 'Follow the instruction on screen: turn your head or blink.',
    challengeOk: 'Challenge passed',
    challengeFailed: 'Challenge failed',
    lastProblem: 'Failed attempt',
    triesLeft: (n: number) => (n === 1 ? '1 try left.' : `${n} tries left.`),
    timeLeft: 'Time left',
    sessionTime: 'Session time',
    seconds: 's',
    successful: 'Verification successful',
    failed: 'Verification failed',
    expired: 'The link has expired',
    continue: 'Continue',
    notFoundHeading: 'Transaction not found',
    notFound: 'Check the link you received.',
    conflictHeading: 'That step is no longer available',
    back: 'Back to the verification',
    badRequestHeading: 'Invalid choice',
  },
} as const;

export type Strings = (typeof STRINGS)[Lang];

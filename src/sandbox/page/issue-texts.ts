/**
 * The issue codes worded for the person on the verification page, per language. The API's
 * `issue_description` keeps the service's own texts; the codes themselves stay in the page's
 * developer details, never in what the person reads.
 */
import type { IssueCode } from '../../shared/issue-codes.js';
import type { Lang } from './strings.js';

const ISSUE_TEXTS: Record<Lang, Record<IssueCode, string>> = {
  es: {
    '001': 'Verificación iniciada',
    '002': 'Documento leído correctamente',
    '003': 'El RUT del anverso no coincide con el del reverso del documento',
    '004': 'No se pudo leer el número de documento',
    '005': 'El RUT del documento no es el de la persona que se verifica',
    '006': 'El documento está bloqueado o no es válido',
    '007': 'No se pudo leer la información del documento',
    '008': 'No se encontró un rostro en el documento',
    '009': 'Faltan datos obligatorios del documento',
    '010': 'No se pudo leer toda la información del documento',
    '011': 'El documento parece una fotocopia o un escaneo',
    '012': 'Se alcanzó el puntaje mínimo',
    '013': 'Verificación completada',
    '014': 'La selfie no coincide con la foto del documento',
    '015': 'La selfie o la prueba de vida no alcanzó el puntaje mínimo',
    '016': 'La verificación no se completó',
    time_out: 'Un paso venció por inactividad',
  },
  en: {
    '001': 'Verification started',
    '002': 'Document read successfully',
    '003': 'The RUT on the front does not match the one on the back of the document',
    '004': 'The document number could not be read',
    '005': 'The RUT on the document is not that of the person being verified',
    '006': 'The document is blocked or not valid',
    '007': "The document's information could not be read",
    '008': 'No face was found on the document',
    '009': 'Required details are missing from the document',
    '010': "Not all of the document's information could be read",
    '011': 'The document looks like a photocopy or a scan',
    '012': 'The minimum score was reached',
    '013': 'Verification completed',
    '014': 'The selfie does not match the photo on the document',
    '015': 'The selfie or the liveness check did not reach the minimum score',
    '016': 'The verification was not completed',
    time_out: 'A step expired for lack of activity',
  },
  'pt-BR': {
    '001': 'Verificação iniciada',
    '002': 'Documento lido corretamente',
    '003': 'O RUT da frente não coincide com o do verso do documento',
    '004': 'Não foi possível ler o número do documento',
    '005': 'O RUT do documento não é o da pessoa que está sendo verificada',
    '006': 'O documento está bloqueado ou não é válido',
    '007': 'Não foi possível ler as informações do documento',
    '008': 'Nenhum rosto foi encontrado no documento',
    '009': 'Faltam dados obrigatórios do documento',
    '010': 'Não foi possível ler todas as informações do documento',
    '011': 'O documento parece uma fotocópia ou um escaneamento',
    '012': 'A pontuação mínima foi atingida',
    '013': 'Verificação concluída',
    '014': 'A selfie não corresponde à foto do documento',
    '015': 'A selfie ou a prova de vida não atingiu a pontuação mínima',
    '016': 'A verificação não foi concluída',
    time_out: 'Uma etapa expirou por inatividade',
  },
};

export function issueText(lang: Lang, code: IssueCode): string {
  return ISSUE_TEXTS[lang][code];
}

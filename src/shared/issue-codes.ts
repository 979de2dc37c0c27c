/** Issue codes of docs/service.md §7.3 and what each means (the text the service puts in `issue_description`). */
export const ISSUE_CODES = {
  '001': 'Kyc process started with transaction id',
  '002': 'Document data received satisfactorily',
  '003': 'The NIN does not match the NIN on the back of the document',
  '004': 'Document number information could not be obtained',
  '005': 'The user NIN does not match the document NIN',
  '006': 'The document is blocked or invalid',
  '007': 'Cannot read information from these documents',
  '008': 'Could not get faces from the document',
  '009': 'Cannot obtain the minimum field',
  '010': 'Could not extract all the information from the document',
  '011': 'Invalid document, likely a photocopy or scan',
  '012': 'The minimum score has been reached',
  '013': 'Flow completed successfully',
  '014': 'Selfie and document photo do not match',
  '015': 'The minimum score has not been reached',
  '016': 'Flow completed unsuccessfully',
  time_out: 'Expiry by inactivity in a step',
} as const;

export type IssueCode = keyof typeof ISSUE_CODES;

/** Document problems (codes 003 to 011): each uses up one try. */
export const DOCUMENT_PROBLEM_CODES = ['003', '004', '005', '006', '007', '008', '009', '010', '011'] as const;

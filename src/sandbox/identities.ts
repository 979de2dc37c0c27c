import { createHash } from 'node:crypto';
import { normalizeRut } from '../shared/rut.js';

/** The person a test identity's document describes (CredentialInformation of docs/service.md §2.6, minus scores). */
export interface TestIdentity {
  name: string;
  last_name: string;
  date_birth: string;
  document_number: string;
}

/** Known test identities, by normalized RUT; docs/sandbox.md lists them. */
export const TEST_IDENTITIES: Readonly<Record<string, TestIdentity>> = {
  '111111111': { name: 'María José', last_name: 'González Rojas', date_birth: '14/03/1985', document_number: '100111111' },
  '123456785': { name: 'Juan Pablo', last_name: 'Muñoz Soto', date_birth: '02/11/1979', document_number: '100123456' },
  '156789011': { name: 'Camila Andrea', last_name: 'Pérez Díaz', date_birth: '27/07/1992', document_number: '100156789' },
  '187654327': { name: 'Diego Ignacio', last_name: 'Contreras Silva', date_birth: '09/01/1995', document_number: '100187654' },
  '22333444K': { name: 'Valentina', last_name: 'Rojas Fuentes', date_birth: '30/05/2006', document_number: '100223334' },
};

/** The RUT whose person a transaction without `nin` reads. */
export const DEFAULT_TEST_NIN = '11.111.111-1';
const DEFAULT_RUT = normalizeRut(DEFAULT_TEST_NIN)!;

const GIVEN_NAMES = ['Francisca', 'Benjamín', 'Constanza', 'Matías', 'Javiera', 'Sebastián', 'Catalina', 'Tomás'];
const SURNAMES = ['Araya', 'Fernández', 'Vargas', 'Castillo', 'Espinoza', 'Reyes', 'Morales', 'Núñez'];

/**
 * The identity on the document of `nin`: the table's entry, or one derived from a hash of the
 * RUT so that the same nin always reads the same person.
 */
export function identityOf(nin: string | undefined): TestIdentity {
  const rut = (nin && normalizeRut(nin)) || DEFAULT_RUT;
  const known = TEST_IDENTITIES[rut];
  if (known) return known;
  const bytes = createHash('sha256').update(rut).digest();
  const day = String(1 + (bytes[3]! % 28)).padStart(2, '0');
  const month = String(1 + (bytes[4]! % 12)).padStart(2, '0');
  return {
    name: GIVEN_NAMES[bytes[0]! % GIVEN_NAMES.length]!,
    last_name: `${SURNAMES[bytes[1]! % SURNAMES.length]} ${SURNAMES[bytes[2]! % SURNAMES.length]}`,
    date_birth: `${day}/${month}/${1950 + (bytes[5]! % 55)}`,
    document_number: String(100_000_000 + (bytes.readUInt32BE(6) % 900_000_000)),
  };
}

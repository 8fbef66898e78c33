/**
 * India's 28 states and 8 union territories, with their GST state codes (the first two digits
 * of a GSTIN; the place of supply on an invoice). Since 2020 Dadra and Nagar Haveli and Daman
 * and Diu are one territory (26; Daman and Diu's old 25 is retired); Andhra Pradesh files under
 * 37 since Telangana (36) was formed.
 */
export interface IndianState {
  name: string;
  gstCode: string;
  kind: 'state' | 'union territory';
}

const state = (name: string, gstCode: string): IndianState => ({ name, gstCode, kind: 'state' });
const territory = (name: string, gstCode: string): IndianState => ({
  name,
  gstCode,
  kind: 'union territory',
});

export const INDIAN_STATES: readonly IndianState[] = [
  state('Andhra Pradesh', '37'),
  state('Arunachal Pradesh', '12'),
  state('Assam', '18'),
  state('Bihar', '10'),
  state('Chhattisgarh', '22'),
  state('Goa', '30'),
  state('Gujarat', '24'),
  state('Haryana', '06'),
  state('Himachal Pradesh', '02'),
  state('Jharkhand', '20'),
  state('Karnataka', '29'),
  state('Kerala', '32'),
  state('Madhya Pradesh', '23'),
  state('Maharashtra', '27'),
  state('Manipur', '14'),
  state('Meghalaya', '17'),
  state('Mizoram', '15'),
  state('Nagaland', '13'),
  state('Odisha', '21'),
  state('Punjab', '03'),
  state('Rajasthan', '08'),
  state('Sikkim', '11'),
  state('Tamil Nadu', '33'),
  state('Telangana', '36'),
  state('Tripura', '16'),
  state('Uttar Pradesh', '09'),
  state('Uttarakhand', '05'),
  state('West Bengal', '19'),
  territory('Andaman and Nicobar Islands', '35'),
  territory('Chandigarh', '04'),
  territory('Dadra and Nagar Haveli and Daman and Diu', '26'),
  territory('Delhi', '07'),
  territory('Jammu and Kashmir', '01'),
  territory('Ladakh', '38'),
  territory('Lakshadweep', '31'),
  territory('Puducherry', '34'),
];

/**
 * The comparison key of a state as people type it: case, spacing, dots and hyphens aside, "&"
 * read as "and" ("Jammu & Kashmir", "jammu and kashmir", "Tamilnadu" and "TAMIL NADU" match).
 */
const key = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z]/g, '');

/**
 * Other names clients send for a listed state: the old or common spellings, the ISO 3166-2:IN
 * codes and the vehicle-registration codes (both are in use; OR/OD, CT/CG, TG/TS, UT/UK differ).
 */
const VARIANTS: Record<string, readonly string[]> = {
  'Andhra Pradesh': ['AP'],
  'Arunachal Pradesh': ['AR'],
  Assam: ['AS'],
  Bihar: ['BR'],
  Chhattisgarh: ['CT', 'CG', 'Chattisgarh', 'Chhatisgarh'],
  Goa: ['GA'],
  Gujarat: ['GJ'],
  Haryana: ['HR'],
  'Himachal Pradesh': ['HP'],
  Jharkhand: ['JH'],
  Karnataka: ['KA'],
  Kerala: ['KL'],
  'Madhya Pradesh': ['MP'],
  Maharashtra: ['MH'],
  Manipur: ['MN'],
  Meghalaya: ['ML'],
  Mizoram: ['MZ'],
  Nagaland: ['NL'],
  Odisha: ['OR', 'OD', 'Orissa'],
  Punjab: ['PB'],
  Rajasthan: ['RJ'],
  Sikkim: ['SK'],
  'Tamil Nadu': ['TN'],
  Telangana: ['TG', 'TS'],
  Tripura: ['TR'],
  'Uttar Pradesh': ['UP'],
  Uttarakhand: ['UT', 'UK', 'UA', 'Uttaranchal'],
  'West Bengal': ['WB'],
  'Andaman and Nicobar Islands': ['AN', 'Andaman and Nicobar', 'Andaman', 'A and N Islands'],
  Chandigarh: ['CH'],
  'Dadra and Nagar Haveli and Daman and Diu': [
    'DH',
    'DN',
    'DD',
    'Dadra and Nagar Haveli',
    'Daman and Diu',
    'DNH and DD',
  ],
  Delhi: ['DL', 'New Delhi', 'NCT of Delhi', 'National Capital Territory of Delhi'],
  'Jammu and Kashmir': ['JK', 'J and K'],
  Ladakh: ['LA'],
  Lakshadweep: ['LD'],
  Puducherry: ['PY', 'Pondicherry'],
};

const BY_KEY = new Map(INDIAN_STATES.map((s) => [key(s.name), s]));
for (const s of INDIAN_STATES) for (const v of VARIANTS[s.name] ?? []) BY_KEY.set(key(v), s);

/**
 * The listed state or territory of this name, code or usual variant (case, spacing and "&"
 * aside); undefined when not listed.
 */
export const findIndianState = (name: string): IndianState | undefined => BY_KEY.get(key(name));

/** A state as stored: spelt as in the list when it matches one, else trimmed as given. */
export const normaliseStateName = (name: string): string =>
  findIndianState(name)?.name ?? name.trim();

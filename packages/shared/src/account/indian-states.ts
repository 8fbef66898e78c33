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

const key = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
const BY_KEY = new Map(INDIAN_STATES.map((s) => [key(s.name), s]));

/** The listed state or territory of this name (case and spacing aside); undefined when not listed. */
export const findIndianState = (name: string): IndianState | undefined => BY_KEY.get(key(name));

/** A state as stored: spelt as in the list when it matches one, else trimmed as given. */
export const normaliseStateName = (name: string): string =>
  findIndianState(name)?.name ?? name.trim();

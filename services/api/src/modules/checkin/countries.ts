/** The check-in's countries as the settings name them (CHECKIN_COUNTRIES, default CL,TH): read by the config. */
import { CHECKIN_COUNTRIES_DEFAULT } from 'shared-contracts';

export function parseCountries(value: string | undefined): string[] {
  const list = (value ?? '')
    .split(',')
    .map((code) => code.trim().toUpperCase())
    .filter((code) => /^[A-Z]{2}$/.test(code));
  return list.length > 0 ? list : [...CHECKIN_COUNTRIES_DEFAULT];
}

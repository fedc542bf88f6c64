import file from './places.json';
import { type PlacesFile, indexPlaces } from './places';

/**
 * The places, indexed. The server imports this module directly; the app reaches it only through
 * loadPlaces() (a dynamic import), so the 96 kB of places.json never enter the main bundle.
 */
export const places = indexPlaces(file as PlacesFile);

/** Whether a city code exists and, when a province is given, lies in it (for improveUserProfile). */
export const validCity = (cityCode: string, provinceCode?: string): boolean => places.validCity(cityCode, provinceCode);

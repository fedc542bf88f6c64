/**
 * The Philippine provinces with their cities and municipalities (PSGC codes, names, coordinates), shared by
 * the personal-information form's pickers and the server's check of what a player sent. The data is
 * places.json, built by scripts/places/build-places.mjs (its `source` says from what). The app loads it
 * with loadPlaces() as a chunk of its own, only on the form; the server imports placesData.ts directly.
 *
 * "Province" is where a player looks for their town: the 82 provinces, Metro Manila (NCR) with its 16
 * cities and Pateros, and BARMM's Special Geographic Area. Highly urbanized cities are filed in the
 * province they lie in; the City of Manila stands for its 14 districts.
 */

export interface Province {
  code: string;
  name: string;
  latitude: number;
  longitude: number;
}
export interface City extends Province {
  provinceCode: string;
}
/** The shape of places.json: rows as arrays, to keep the file small. */
export interface PlacesFile {
  source: string;
  generated: string;
  provinces: [code: string, name: string, latitude: number, longitude: number][];
  cities: [code: string, name: string, provinceCode: string, latitude: number, longitude: number][];
}

export interface Places {
  provinces: readonly Province[];
  cities: readonly City[];
  province(code: string): Province | undefined;
  city(code: string): City | undefined;
  /** The cities and municipalities of a province, by name. */
  citiesOf(provinceCode: string): readonly City[];
  /** Whether the city exists and, when a province is given, lies in it. */
  validCity(cityCode: string, provinceCode?: string): boolean;
}

export function indexPlaces(file: PlacesFile): Places {
  const provinces = file.provinces.map(([code, name, latitude, longitude]) => ({ code, name, latitude, longitude }));
  const cities = file.cities.map(([code, name, provinceCode, latitude, longitude]) => ({ code, name, provinceCode, latitude, longitude }));
  const provinceByCode = new Map(provinces.map((p) => [p.code, p]));
  const cityByCode = new Map(cities.map((c) => [c.code, c]));
  const byProvince = new Map<string, City[]>();
  for (const city of cities) {
    const list = byProvince.get(city.provinceCode);
    if (list) list.push(city);
    else byProvince.set(city.provinceCode, [city]);
  }
  return {
    provinces,
    cities,
    province: (code) => provinceByCode.get(code),
    city: (code) => cityByCode.get(code),
    citiesOf: (provinceCode) => byProvince.get(provinceCode) ?? [],
    validCity(cityCode, provinceCode) {
      const city = cityByCode.get(cityCode);
      return city !== undefined && (!provinceCode || city.provinceCode === provinceCode);
    },
  };
}

/** Lower case without accents: 'Parañaque' is found by 'paranaque'. */
export function foldForSearch(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
}

/**
 * The places whose name contains every word of the query, names that start with it first
 * ('City of Makati' is found by 'makati'; 'san jose' finds all nine San Joses).
 */
export function searchPlaces<T extends Province>(places: readonly T[], query: string): readonly T[] {
  const words = foldForSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return places;
  const first = words.join(' ');
  const found = places.filter((place) => {
    const name = foldForSearch(place.name);
    return words.every((word) => name.includes(word));
  });
  const leading = (place: T) => {
    const name = foldForSearch(place.name).replace(/^city of /, '');
    return name.startsWith(first) ? 0 : 1;
  };
  return [...found].sort((a, b) => leading(a) - leading(b));
}

let loading: Promise<Places> | undefined;
/** The app's way in: one download (its own chunk), then kept. */
export function loadPlaces(): Promise<Places> {
  loading ??= import('./placesData').then((module) => module.places);
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

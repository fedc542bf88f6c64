import { SportTypeId } from '../../../src/contract/sports';

/**
 * Invented leagues, teams and players. No real club, league or athlete: teams are a place plus a
 * Filipino word (Pawikan, Kidlat…), people are common Filipino given and family names combined.
 * Names are picked by index, not at random, so the same league always has the same teams.
 */

export const LEAGUE_NAMES: Record<string, readonly string[]> = {
  [SportTypeId.Football]: ['Philippine Football Cup', 'Asian Football Series', 'Visayas Island League', 'Mindanao Football Conference'],
  [SportTypeId.Basketball]: [
    'Philippine Basketball Cup',
    'Metro Hoops League',
    'Asian Basketball Series',
    'Provincial Basketball Conference',
  ],
  [SportTypeId.ESports]: ['Mobile Legends Pro Series', 'Asian Esports Championship', 'Pinoy Arena Cup'],
  [SportTypeId.Tennis]: ['Manila Tennis Open', 'Cebu Challenger', 'Asian Tennis Series'],
  [SportTypeId.Volleyball]: ['Philippine Volleyball Cup', 'Asian Volleyball Series', 'Collegiate Spikers League'],
  [SportTypeId.Badminton]: ['Philippine Badminton Open', 'Asian Shuttle Series'],
  [SportTypeId.IceHockey]: ['Asian Ice Hockey Series', 'Manila Ice League'],
  [SportTypeId.Baseball]: ['Asian Baseball Series', 'Philippine Baseball Cup'],
  [SportTypeId.Boxing]: ['Manila Fight Night', 'Asian Boxing Series'],
  [SportTypeId.TableTennis]: ['Philippine Table Tennis Open', 'Asian Table Tennis Series'],
};

const PLACES = [
  'Manila',
  'Cebu',
  'Davao',
  'Iloilo',
  'Bacolod',
  'Baguio',
  'Pampanga',
  'Batangas',
  'Laguna',
  'Zamboanga',
  'Cagayan',
  'Tarlac',
  'Pasig',
  'Quezon',
  'Makati',
  'Taguig',
  'Bohol',
  'Palawan',
  'Leyte',
  'Samar',
  'Bicol',
  'Ilocos',
  'Negros',
  'Mindoro',
  'Antipolo',
  'Cavite',
  'Bulacan',
  'Dumaguete',
  'Tacloban',
  'Legazpi',
  'Vigan',
  'Surigao',
  'Butuan',
  'Marawi',
  'Aklan',
  'Albay',
];

const NICKNAMES = [
  'Pawikans',
  'Kidlat',
  'Lawins',
  'Bagwis',
  'Alon',
  'Habagat',
  'Amihan',
  'Bulkan',
  'Sigwa',
  'Tala',
  'Bituin',
  'Araw',
  'Kalasag',
  'Kampilan',
  'Sibat',
  'Balangay',
  'Datus',
  'Lakans',
  'Bayani',
  'Mandirigma',
  'Butanding',
  'Tarsiers',
  'Kalabaw',
  'Narra',
  'Molave',
  'Sampaguita',
  'Mavericks',
  'Sharks',
  'Typhoons',
  'Stallions',
  'Mariners',
  'Voyagers',
  'Comets',
  'Lanterns',
  'Fireflies',
  'Monarchs',
];

const ESPORTS_WORDS = ['Tala', 'Kidlat', 'Bagwis', 'Lawin', 'Habagat', 'Sigwa', 'Kalasag', 'Bulkan', 'Amihan', 'Bituin', 'Sibat', 'Alon'];
const ESPORTS_SUFFIXES = ['Esports', 'Gaming', 'Five', 'Legion', 'Squad', 'Club'];

const GIVEN = [
  'Juan',
  'Jose',
  'Andres',
  'Paolo',
  'Miguel',
  'Carlo',
  'Rafael',
  'Enrico',
  'Lorenzo',
  'Marco',
  'Gabriel',
  'Isagani',
  'Danilo',
  'Ramil',
  'Jomar',
  'Arvin',
  'Nestor',
  'Rodel',
  'Jericho',
  'Kristoffer',
  'Benjie',
  'Efren',
  'Teodoro',
  'Dindo',
];

const FAMILY = [
  'Dela Cruz',
  'Santos',
  'Reyes',
  'Bautista',
  'Villanueva',
  'Mendoza',
  'Ramos',
  'Castillo',
  'Navarro',
  'Soriano',
  'Manalo',
  'Dizon',
  'Pascual',
  'Tolentino',
  'Velasco',
  'Panganiban',
  'Macaraeg',
  'Buenaventura',
  'Agbayani',
  'Magbanua',
  'Sarmiento',
  'Ocampo',
  'Salazar',
  'Domingo',
  'Lualhati',
  'Dimaculangan',
  'Malabanan',
  'Catacutan',
  'Tiongson',
  'Baluyot',
];

/** The name of the n-th person: walks given and family names at different strides so names rarely repeat. */
export function personName(n: number): string {
  return `${GIVEN[(n * 7) % GIVEN.length]} ${FAMILY[(n * 11 + Math.floor(n / FAMILY.length)) % FAMILY.length]}`;
}

/** The t-th team of league l of a sport (index 0 based). */
export function teamName(sportIndex: number, league: number, team: number, kind: 'team' | 'esports' | 'person'): string {
  const n = sportIndex * 97 + league * 31 + team;
  if (kind === 'person') return personName(n);
  if (kind === 'esports')
    return `${ESPORTS_WORDS[(n * 5) % ESPORTS_WORDS.length]} ${ESPORTS_SUFFIXES[(n + league) % ESPORTS_SUFFIXES.length]}`;
  return `${PLACES[(team * 5 + league * 7 + sportIndex * 3) % PLACES.length]} ${NICKNAMES[(team * 7 + league * 11 + sportIndex * 13) % NICKNAMES.length]}`;
}

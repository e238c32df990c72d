/**
 * The things of a project the offline extractor's cues name, in two lists that differ on purpose: what a name is said
 * of, and what outlasts the work at hand. A part with a name of its own ("this command", "this image") is a thing at
 * hand in a question, and the work a project makes ("this paper", "this thesis") or its team is renamed by no one.
 */

/**
 * The things a project's name is said of (decision 110): renaming one of them renames the project's own words for it
 * ("the package name stays gitsync", "we renamed the repo to git-sync").
 */
export const NAMED_THING = String.raw`(?:package|binary|module|repo|repository|project|command|cli|app|crate|image|bucket|service|org|organi[sz]ation|domain|product)`;

/**
 * What a question's "this …" may name and still ask about what lasts (decision 102): the project as a whole, its team
 * and the work it makes, in English, Spanish and French ("Which license should this project use?"), not "this fix".
 */
export const OUTLASTING_THING = String.raw`(?:project|repo|repository|codebase|app|team|package|paper|product|study|thesis|book|library|proyecto|repositorio|projet|d[ée]p[ôo]t)`;

/**
 * The default session-notes template: Claude Code's ten section titles (spec §4.1, kept
 * identical so the file stays compatible) with guidance lines in our own words.
 */
export const DEFAULT_NOTES_TEMPLATE = `# Session Title
_A short, specific title for this session, five to ten words_

# Current State
_What is being worked on right now, what is still pending, and the next step_

# Task specification
_What the user asked for, in their terms, and the design choices agreed so far_

# Files and Functions
_The files and functions that matter here, and why each one matters_

# Workflow
_The commands that get run, in what order, and how to read what they print_

# Errors & Corrections
_Errors met and how they were fixed, corrections from the user, approaches that failed_

# Codebase and System Documentation
_The parts of the system involved and how they fit together_

# Learnings
_What worked, what did not, and what to avoid next time_

# Key results
_Exact outputs the user asked for: answers, tables, figures_

# Worklog
_One terse line per step taken_
`;

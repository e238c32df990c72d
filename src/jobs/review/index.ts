/** The review inbox: proposed changes to a memory directory, accepted, edited or rejected (decision 80). */
export { proposals, type Proposal } from './proposals.js';
export { acceptProposal, rejectProposal, editProposal, type AcceptOutcome } from './reviewActions.js';
export { reviewInboxPath } from './reviewInbox.js';
export { proposeCommit } from './proposeCommit.js';

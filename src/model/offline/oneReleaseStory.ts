/**
 * What happened to one version when it went out (decision 110, amended): "acme-core@0.4.1 was published without its
 * build output", "v2.3.0 got released with the old schema". One version is one occasion, the registry's and the
 * changelog's story, as one commit is git's (decision 106). Written from kinds of statement, never from a corpus sentence.
 */
const ONE_VERSION_WENT_OUT =
  /(?:@|\bv)?\b\d+\.\d+\.\d+(?:-[\w.]+)?\b[^.?!]{0,80}?\b(?:was|were|got|has been|had been)\s+(?:published|released|built|deployed|tagged|pushed|uploaded|shipped|packed)\b/i;

/** Whether a sentence tells what happened to one version when it went out. */
export const isOneReleaseStory = (sentence: string): boolean => ONE_VERSION_WENT_OUT.test(sentence);

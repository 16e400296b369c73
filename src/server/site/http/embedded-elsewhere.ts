/**
 * Headers of an image that other sites' pages load: newsletter emails are read in webmail, on the
 * mail provider's origin, and helmet's `Cross-Origin-Resource-Policy: same-origin` would block the
 * image there (ERR_BLOCKED_BY_RESPONSE.NotSameOrigin). The image is never sniffed as anything else.
 */
export function allowLoadingFromOtherSites(reply: { header: (name: string, value: string) => unknown }): void {
  reply.header('cross-origin-resource-policy', 'cross-origin');
  reply.header('x-content-type-options', 'nosniff');
}

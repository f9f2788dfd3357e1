/** Which entries the account panel shows (spec sections 2 and 4). */
export interface PanelVisibilityInput {
  isDesktop: boolean;
  /** the feedback form can be reached (the product is not embedded in a host app with its own) */
  feedbackAvailable: boolean;
  hasCommunityInvite: boolean;
}

export interface PanelItems {
  creditTransactions: boolean;
  communityChat: boolean;
  feedback: boolean;
  terms: boolean;
  privacy: boolean;
  logout: boolean;
}

export function panelItems(input: PanelVisibilityInput, links: { termsUrl: string; privacyUrl: string }): PanelItems {
  return {
    creditTransactions: input.isDesktop,
    communityChat: input.hasCommunityInvite,
    feedback: input.feedbackAvailable,
    terms: Boolean(links.termsUrl),
    privacy: Boolean(links.privacyUrl),
    logout: true,
  };
}

import { DEFAULT_USER_LABEL, displayName, initialsOf } from './display-name';
import { expiryText } from '../../shared/lib/expiry';
import { panelItems } from './panel-items';
import { planLevelOf } from './plan-level';

describe('display name fallback', () => {
  it('follows nickname, first + last, first, last, e-mail, default', () => {
    const all = { nickname: 'Nick', firstname: 'Ada', lastname: 'Lovelace', email: 'ada@x.org' };
    expect(displayName(all)).toBe('Nick');
    expect(displayName({ ...all, nickname: '' })).toBe('Ada Lovelace');
    expect(displayName({ ...all, nickname: '  ', lastname: '' })).toBe('Ada');
    expect(displayName({ ...all, nickname: '', firstname: '' })).toBe('Lovelace');
    expect(displayName({ email: 'ada@x.org', nickname: '', firstname: '', lastname: '' })).toBe('ada@x.org');
    expect(displayName({ nickname: '', firstname: '', lastname: '', email: '' })).toBe(DEFAULT_USER_LABEL);
    expect(displayName(null)).toBe(DEFAULT_USER_LABEL);
  });

  it('makes initials', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('ada@x.org')).toBe('AX');
    expect(initialsOf('Nick')).toBe('N');
  });
});

describe('plan level mapping', () => {
  const verify = (level: 'free' | 'standard' | 'premium' | 'inactive', is_expired = false) => ({ verify: { level, expired_time: 0, is_expired } });
  it('maps free, premium, standard, logged out and unknown', () => {
    expect(planLevelOf(verify('free'))).toBe('free');
    expect(planLevelOf(verify('premium'))).toBe('vip');
    expect(planLevelOf(verify('standard'))).toBe('standard');
    expect(planLevelOf(null)).toBe('guest');
    expect(planLevelOf(verify('inactive'))).toBe('free');
    expect(planLevelOf({ verify: { level: 'gold' as 'free', expired_time: 0, is_expired: false } })).toBe('free');
    expect(planLevelOf(verify('premium', true))).toBe('free');
  });
});

describe('expiry line', () => {
  it('formats valid seconds and hides what would be Invalid Date', () => {
    expect(expiryText(1767225600)).toBe(require('dayjs').unix(1767225600).format('YYYY-MM-DD'));
    expect(expiryText(0)).toBeNull();
    expect(expiryText(Number.NaN)).toBeNull();
    expect(expiryText('not a date')).toBeNull();
    expect(expiryText(undefined)).toBeNull();
    expect(expiryText(8.64e15)).toBeNull();
  });
});

describe('panel items', () => {
  const links = { termsUrl: 'https://t', privacyUrl: 'https://p' };
  it('shows Credit Transitions on desktop only and Feedback when available', () => {
    expect(panelItems({ isDesktop: true, feedbackAvailable: true, hasCommunityInvite: true }, links)).toEqual({
      creditTransactions: true,
      communityChat: true,
      feedback: true,
      terms: true,
      privacy: true,
      logout: true,
    });
    const phone = panelItems({ isDesktop: false, feedbackAvailable: false, hasCommunityInvite: false }, { termsUrl: '', privacyUrl: '' });
    expect(phone.creditTransactions).toBe(false);
    expect(phone.feedback).toBe(false);
    expect(phone.communityChat).toBe(false);
    expect(phone.terms).toBe(false);
    expect(phone.logout).toBe(true);
  });
});

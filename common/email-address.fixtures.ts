/**
 * Address shapes for the tests of the address model and of both forms
 * (docs/decisions/0031-one-spelling-per-address.md): spellings of one mailbox, and shapes refused.
 */

/** Ten spellings of `kofi@example.org`: full-width, mathematical, circled, upper case, other full stops. */
export const lookAlikes = [
  'kofi@example.org',
  'kofi@ｅxample.org',
  'kofi@𝐞xample.org',
  'kofi@ⓔxample.org',
  'kofi@ＥＸＡＭＰＬＥ.ＯＲＧ',
  'KOFI@Example.Org',
  'ｋｏｆｉ@example.org',
  '𝐤𝐨𝐟𝐢@example.org',
  'ⓚⓞⓕⓘ@example。org',
  'Kofi@example．org',
] as const;

export const lookAlikeAddress = 'kofi@example.org';

/** Shapes no mail server, header parser or DNS reads as we would, each refused as invalidEmail. */
export const refusedShapes: Record<string, string> = {
  'encoded-word in the local part': '=?x?q?eve=40evil.example=2c?=x@example.org',
  'encoded-word in the domain': 'eve@=?utf-8?q?evil?=.org',
  'quoted local part': '"eve x"@example.org',
  'quoted local part with an @': '"eve@evil.example"@example.org',
  'consecutive dots': 'eve..x@example.org',
  'leading dot': '.eve@example.org',
  'trailing dot in the local part': 'eve.@example.org',
  'trailing dot in the domain': 'eve@example.org.',
  'consecutive dots in the domain': 'eve@example..org',
  'local part of 65 octets': `${'e'.repeat(65)}@example.org`,
  'local part of 66 octets in umlauts': `${'ü'.repeat(33)}@example.org`,
  'numeric top-level domain': 'eve@example.123',
  'an IPv4 address': 'eve@192.0.2.1',
  'hexadecimal IPv4 address': 'eve@0x7f.1',
  'address literal': 'eve@[192.0.2.1]',
  'percent-escape in the domain': 'eve@ex%61mple.org',
  'label with =': 'eve@exa=mple.org',
  'label with _': 'eve@exa_mple.org',
  'label with !': 'eve@exa!mple.org',
  'label with +': 'eve@exa+mple.org',
  'label with ~': 'eve@exa~mple.org',
  "label with '": "eve@exa'mple.org",
  'label with *': 'eve@exa*mple.org',
  'label with $': 'eve@exa$mple.org',
  'label with {': 'eve@exa{mple.org',
  'label with |': 'eve@exa|mple.org',
  'label with &': 'eve@exa&mple.org',
  'label with #': 'eve@exa#mple.org',
  'label with /': 'eve@exa/mple.org',
  'label starting with a hyphen': 'eve@-example.org',
  'symbol in the domain': 'eve@☃.net',
  'punycode of a symbol': 'eve@xn--n3h.net',
  'punycode that does not decode': 'eve@xn--zz.org',
  'single label': 'eve@localhost',
  'one-letter top-level domain': 'eve@example.o',
  'soft hyphen in the domain': 'eve@exam\u00ADple.org',
  'zero-width space': 'e\u200Bve@example.org',
  'variation selector': 'eve\uFE0F@example.org',
  'private-use character': 'eve\uE000@example.org',
  'no local part': '@example.org',
  'two @': 'eve@evil.example@example.org',
  'header injection': 'eve@example.org\r\nBcc: victim@example.org',
};

/**
 * Addresses of one mailbox family each (sub-addresses, and dots where the provider ignores
 * them): each is a stored address of its own, but they share one confirmation cap.
 */
export const mailboxFamilies: Record<string, readonly string[]> = {
  'ama@gmail.com': [
    'ama@gmail.com',
    'ama+jobs@gmail.com',
    'a.ma@gmail.com',
    'A.m.a+x+y@gmail.com',
    'ama@googlemail.com',
    'am.a+news@googlemail.com',
  ],
  'kofi@example.org': ['kofi@example.org', 'kofi+jobs@example.org', 'KOFI+news@ｅxample.org'],
  // Dots count at other providers: these are two mailboxes.
  'k.ofi@example.org': ['k.ofi@example.org', 'k.ofi+x@example.org'],
};

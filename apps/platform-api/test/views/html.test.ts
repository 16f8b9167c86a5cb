import { escapeHtml, html } from '../../src/views/html';

describe('html tagged template', () => {
  test('escapes interpolated text for element content and quoted attributes', () => {
    const hostile = `<script>alert("x")</script> & 'y' \`z\``;

    expect(html`<p title="${hostile}">${hostile}</p>`.toString()).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39; &#96;z&#96;">' +
        '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39; &#96;z&#96;</p>',
    );
  });

  test('keeps nested templates as HTML and joins arrays', () => {
    const items = ['a<b', 'c'].map((item) => html`<li>${item}</li>`);

    expect(html`<ul>${items}</ul>`.toString()).toBe('<ul><li>a&lt;b</li><li>c</li></ul>');
  });

  test('renders nothing for null, undefined and false, and numbers as text', () => {
    expect(html`[${null}${undefined}${false}${0}${true}]`.toString()).toBe('[0true]');
  });

  test('escapeHtml leaves plain text alone', () => {
    expect(escapeHtml('Ada Lovelace')).toBe('Ada Lovelace');
  });
});

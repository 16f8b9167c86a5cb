import { renderPlaceholders } from '../../../src/workflows/executor/render-placeholders';

describe('renderPlaceholders', () => {
  test('replaces each field with its value, HTML-escaped', () => {
    expect(renderPlaceholders('<p>{{ id }}: {{name}}</p>', { id: 7, name: `<b>"Tom" & 'Jerry'</b>` })).toBe(
      '<p>7: &lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;</p>',
    );
  });

  test('leaves text as it is when told it is not HTML', () => {
    expect(renderPlaceholders('Order {{name}}', { name: 'A & B' }, { isHtml: false })).toBe('Order A & B');
  });

  test('reads a to-one relation with relation:field, and writes objects as JSON', () => {
    expect(
      renderPlaceholders(
        '{{customer:name}} {{tags}}',
        { customer: { name: 'Ada' }, tags: { a: 1 } },
        { isHtml: false },
      ),
    ).toBe('Ada {"a":1}');
  });

  test('writes nothing for a missing or null field, and without a record', () => {
    expect(renderPlaceholders('[{{missing}}][{{empty}}]', { empty: null })).toBe('[][]');
    expect(renderPlaceholders('[{{id}}]', undefined)).toBe('[]');
  });
});

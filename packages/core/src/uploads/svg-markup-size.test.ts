import { describe, expect, it } from 'vitest';
import { svgMarkupSize } from './svg-markup-size';

describe('svgMarkupSize', () => {
  it('counts elements and the deepest nesting', () => {
    expect(svgMarkupSize('<svg><g><g><path/></g></g><circle r="1"/></svg>')).toEqual({
      depth: 3,
      elements: 5,
    });
    expect(svgMarkupSize('')).toEqual({ depth: 0, elements: 0 });
  });

  it('skips comments, CDATA, processing instructions and declarations', () => {
    expect(
      svgMarkupSize(
        '<?xml version="1.0"?><!DOCTYPE svg><svg><!-- <g><g> --><style><![CDATA[ a<b ]]></style><?pi <g> ?></svg>',
      ),
    ).toEqual({ depth: 2, elements: 2 });
  });

  it('does not take a quoted > or /> for the end of a tag', () => {
    expect(
      svgMarkupSize(`<svg>${'<g class="/>" title=\'a>b\'>'.repeat(3)}</g></g></g></svg>`),
    ).toEqual({ depth: 4, elements: 4 });
  });
});

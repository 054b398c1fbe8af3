import { describe, expect, it } from 'vitest';
import { KEY_RANGE_END, searchKey, submissionIndex, submissionRange } from './list-index';

describe('list index keys', () => {
  it('finds a name whatever its accents, case and spacing', () => {
    expect(searchKey("  Zoë   O'Brien ")).toBe("zoe o'brien");
    expect(searchKey('ÅSA')).toBe(searchKey('asa'));
  });

  it('cannot forge a separator into a key', () => {
    expect(submissionIndex({ kind: 'contact', status: 'new', email: 'a@b.co', name: 'x|archived' }).gsn).toBe('contact|new|xarchived');
  });

  it('files a waitlist entry under its programme, an unknown one under open access', () => {
    expect(submissionIndex({ kind: 'waitlist', programme: 'builder', status: 'new', email: 'A@B.co', name: 'Ada' })).toEqual({
      g: 'builder',
      gs: 'builder|new',
      ge: 'builder|a@b.co',
      gn: 'builder|ada',
      gse: 'builder|new|a@b.co',
      gsn: 'builder|new|ada',
    });
    expect(submissionIndex({ kind: 'waitlist', programme: 'other', status: 'new', email: 'a@b.co', name: 'Ada' }).g).toBe('open-access');
  });

  it('reads dates by equality and searches by prefix, by address when the search has an @', () => {
    expect(submissionRange({ group: 'contact', status: null, search: '', sort: 'newest' })).toEqual({
      field: 'g',
      start: 'contact',
      end: 'contact',
      byKey: true,
    });
    expect(submissionRange({ group: 'contact', status: 'new', search: ' Zoë', sort: 'newest' })).toEqual({
      field: 'gsn',
      start: 'contact|new|zoe',
      end: `contact|new|zoe${KEY_RANGE_END}`,
      byKey: false,
    });
    expect(submissionRange({ group: 'preorder', status: null, search: 'ZOE@', sort: 'oldest' }).field).toBe('ge');
    expect(submissionRange({ group: 'preorder', status: null, search: '', sort: 'name' }).start).toBe('preorder|');
  });
});

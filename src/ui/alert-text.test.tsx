import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AlertText } from './alert-text';

describe('AlertText', () => {
  it('says a failure as an alert', () => {
    render(<AlertText message="The link could not be sent." className="error" />);
    expect(screen.getByRole('alert')).toHaveTextContent('The link could not be sent.');
    expect(screen.getByRole('alert')).toHaveClass('error');
  });

  it.for([null, undefined, ''])('is not there while nothing failed (%j)', (message) => {
    const { container } = render(<AlertText message={message} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(container).toBeEmptyDOMElement();
  });
});

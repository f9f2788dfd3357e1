import { fireEvent, render, screen } from '@testing-library/react';
import { costLabel, GenerateBar } from './generate-bar';

const cost = (value: number, free = false) => ({ algorithm: 'text2video', cost: value, basis: '6 credits per second of AI video, 5 s', free_for_plan: free });

describe('the cost on the Generate button', () => {
  it('says the credits, Free when the plan covers it, nothing for visitors, … while the new cost loads', () => {
    expect(costLabel(cost(30), true)).toBe('30 credits');
    expect(costLabel(cost(1), true)).toBe('1 credit');
    expect(costLabel(cost(0, true), true)).toBe('Free');
    expect(costLabel(cost(30), false)).toBeNull();
    expect(costLabel(null, true)).toBeNull();
    expect(costLabel(cost(30), true, true)).toBe('…');
  });

  it('shows the cost and its basis on the button, and the reason the last press stopped', () => {
    const onGenerate = jest.fn();
    render(<GenerateBar cost={cost(30)} costError={null} loggedIn phase="idle" error="Your prompt is too long. Please shorten it" onGenerate={onGenerate} />);
    const button = screen.getByRole('button', { name: 'Generate · 30 credits' });
    expect(button).toHaveAccessibleDescription('6 credits per second of AI video, 5 s');
    expect(screen.getByRole('alert')).toHaveTextContent('Your prompt is too long. Please shorten it');
    fireEvent.click(button);
    expect(onGenerate).toHaveBeenCalledTimes(1);
  });

  it('is busy while the input is checked and the task is created', () => {
    render(<GenerateBar cost={cost(30)} costError={null} loggedIn phase="checking" error={null} onGenerate={jest.fn()} />);
    expect(screen.getByTestId('generate-button')).toBeDisabled();
    expect(screen.getByTestId('generate-button')).toHaveTextContent('Checking your input…');
  });

  it('says why the cost is missing', () => {
    render(<GenerateBar cost={null} costError="Ultra HD (1080p) is available on the Standard and Premium plans" loggedIn phase="idle" error={null} onGenerate={jest.fn()} />);
    expect(screen.getByTestId('generate-button')).toHaveAccessibleDescription('Ultra HD (1080p) is available on the Standard and Premium plans.');
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GpsStatus } from './GpsStatus';

describe('GpsStatus', () => {
  it('says why a position at latitude or longitude 0 cannot be sent, and what to do', () => {
    render(<GpsStatus state={{ status: 'located', lat: 0, lng: 0 }} onRelocate={() => {}} />);
    expect(screen.getByRole('alert')).toHaveTextContent('取得した位置（緯度か経度が0）では投稿できません。「再取得」を押すか、住所で場所を指定してください。');
  });

  it('says nothing of the kind for a usable position', () => {
    render(<GpsStatus state={{ status: 'located', lat: 35.68, lng: 139.76 }} onRelocate={() => {}} />);
    expect(screen.queryByTestId('submission-gps-unusable')).not.toBeInTheDocument();
  });
});

import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { actionsFor, conversionOf } from './components/FileMenu';
import { UploadPanel } from './components/UploadPanel';
import { capacityLevel, capacityShare, fileKind, nextPage } from './drive-view';
import type { Upload } from './hooks';

const page = (count: number, total: number) => ({
  data: Array.from({ length: count }, (_, i) => i),
  meta: { total },
});

describe('the drive', () => {
  afterEach(cleanup);

  it('names a file’s kind from its sniffed type, for its icon', () => {
    expect(fileKind('image/png')).toBe('image');
    expect(fileKind('application/pdf')).toBe('pdf');
    expect(fileKind('text/csv')).toBe('sheet');
    expect(fileKind('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe(
      'sheet',
    );
    expect(fileKind('text/plain')).toBe('text');
    expect(fileKind('application/octet-stream')).toBe('other');
  });

  it('offers a conversion for a CSV and a workbook only, and not from the archive', () => {
    expect(conversionOf({ name: 'marks.CSV' })).toBe('xlsx');
    expect(conversionOf({ name: 'marks.xlsx' })).toBe('csv');
    expect(conversionOf({ name: 'notes.txt' })).toBeNull();
    const file = { name: 'marks.csv', status: 'current' } as Parameters<typeof actionsFor>[0];
    expect(actionsFor(file)).toContain('convert');
    expect(actionsFor({ ...file, status: 'archived' })).not.toContain('convert');
    expect(actionsFor({ ...file, name: 'photo.png' })).not.toContain('convert');
  });

  it('warns from 90 % of the capacity and is full at all of it', () => {
    expect(capacityLevel(10, 100)).toBe('normal');
    expect(capacityLevel(90, 100)).toBe('warning');
    expect(capacityLevel(100, 100)).toBe('full');
    expect(capacityShare(150, 100)).toBe(1);
    expect(capacityShare(5, 0)).toBe(1);
  });

  it('pages until a page is empty or every file is there', () => {
    expect(nextPage([page(30, 75)])).toBe(2);
    expect(nextPage([page(30, 75), page(30, 75), page(15, 75)])).toBeUndefined();
    expect(nextPage([page(30, 90), page(0, 90)])).toBeUndefined();
  });

  it('shows each upload’s progress, a cancel while it runs and the refusal in words', () => {
    const onCancel = vi.fn();
    const uploads: Upload[] = [
      { key: 'a', name: 'notes.pdf', loaded: 50, total: 100, state: 'uploading' },
      {
        key: 'b',
        name: 'video.mp4',
        loaded: 0,
        total: 100,
        state: 'failed',
        error: 'Only 2 MB are left in your drive.',
      },
    ];
    render(
      <FluentProvider theme={webLightTheme}>
        <UploadPanel uploads={uploads} onCancel={onCancel} onClear={() => undefined} />
      </FluentProvider>,
    );
    expect(screen.getAllByRole('progressbar')).toHaveLength(2);
    expect(screen.getByRole('alert').textContent).toBe('Only 2 MB are left in your drive.');
    const cancels = screen.getAllByRole('button', { name: 'drive:upload.cancel' });
    expect(cancels).toHaveLength(1);
    fireEvent.click(cancels[0]!);
    expect(onCancel).toHaveBeenCalledWith('a');
  });
});

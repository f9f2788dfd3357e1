import { useCallback, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { CreateMode } from 'shared-contracts';
import { initialForm, type CreateForm, type UploadedMedia } from '../utils/form';
import type { ImageSlotKey } from '../utils/modes';
import type { MusicTab } from '../utils/validation';

/** The music screen's tab, kept in the URL (`?tab=song` or the `:tabname` song), changed without a history entry. */
function useMusicTab(): [MusicTab, (tab: MusicTab) => void] {
  const [params, setParams] = useSearchParams();
  const { tabname } = useParams();
  const tab: MusicTab = params.get('tab') === 'song' || tabname === 'song' ? 'song' : 'music';
  function change(next: MusicTab) {
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        if (next === 'song') updated.set('tab', 'song');
        else updated.delete('tab');
        return updated;
      },
      { replace: true },
    );
  }
  return [tab, change];
}

/**
 * The form of a creation screen: what the user entered (`draft`), the music tab from the URL, and which
 * inputs are still uploading (Generate waits for them).
 */
export function useCreateForm(mode: CreateMode) {
  const { semantic } = useParams();
  const [musicTab, setMusicTab] = useMusicTab();
  const [draft, setDraft] = useState<CreateForm>(() => initialForm(mode, { semantic, musicTab }));
  const [busyInputs, setBusyInputs] = useState<Record<string, boolean>>({});

  const form = useMemo<CreateForm>(() => ({ ...draft, musicTab, uploading: Object.values(busyInputs).filter(Boolean).length }), [draft, musicTab, busyInputs]);
  const patch = useCallback((update: Partial<CreateForm>) => setDraft((previous) => ({ ...previous, ...update })), []);
  const setBusy = useCallback((key: string, busy: boolean) => setBusyInputs((previous) => (previous[key] === busy ? previous : { ...previous, [key]: busy })), []);
  const setImage = useCallback((key: ImageSlotKey, value: UploadedMedia | undefined) => setDraft((previous) => ({ ...previous, images: { ...previous.images, [key]: value } })), []);

  return { draft, form, patch, setBusy, setImage, musicTab, setMusicTab };
}

/** Has the user put anything into the form (the go-back modal asks before it is discarded)? */
export function formTouched(form: CreateForm): boolean {
  return Boolean(form.prompt.trim() || form.musicPrompt.trim() || form.songPrompt.trim() || form.lyrics.trim() || form.video || Object.values(form.images).some(Boolean));
}

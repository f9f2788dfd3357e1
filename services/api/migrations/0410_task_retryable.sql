-- A failure the engine calls permanent (a graph ComfyUI refuses, an input that cannot work): retrying the same
-- task cannot help, so the product offers no Retry and the retry call refuses it. A new run sets it back.
ALTER TABLE tasks ADD COLUMN retryable boolean NOT NULL DEFAULT true;

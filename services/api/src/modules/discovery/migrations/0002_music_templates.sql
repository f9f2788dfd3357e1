-- Music templates (issue 12): a third tag, audio, for the template list picker of the music form; the
-- template browser keeps its video and image tabs. Their audio preview is rendered by the showcase job.
ALTER TABLE tpl_categories DROP CONSTRAINT tpl_categories_media_check;
ALTER TABLE tpl_categories ADD CONSTRAINT tpl_categories_media_check CHECK (media IN ('video', 'image', 'audio'));

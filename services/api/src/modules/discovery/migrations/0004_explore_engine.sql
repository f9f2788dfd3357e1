-- What made an explore item (issue 21): the engine, model and note of the render, shown as the result badge.
ALTER TABLE explore_items ADD COLUMN engine jsonb;

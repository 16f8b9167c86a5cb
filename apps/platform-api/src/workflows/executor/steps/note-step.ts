import type { z } from 'zod';
import type { NoteRecord } from '../../../notes/note-record';
import { NOTE_TITLE_MAX_LENGTH } from '../../../notes/notes-schemas';
import { createNote } from '../../../notes/notes-service';
import type { noteStepSchema } from '../../workflow-schemas';
import { renderPlaceholders } from '../render-placeholders';
import type { StepContext, StepResult } from './step-context';

/** Adds a platform note on the record as the run's user; `{{field}}` takes the record as last read. */
export async function runNoteStep(step: z.infer<typeof noteStepSchema>, context: StepContext): Promise<StepResult> {
  const title = renderPlaceholders(step.title ?? context.run.workflowName, context.record, { isHtml: false });
  const noteId = await addRecordNote(context, { title, content: renderPlaceholders(step.content, context.record) });
  return { output: { noteId }, attempts: 0 };
}

/** Adds a note (`content` is HTML) on the run's record as its user; an empty title becomes the workflow's name. */
export async function addRecordNote(
  context: StepContext,
  { title, content }: { readonly title: string; readonly content: string },
): Promise<NoteRecord['id']> {
  const { run } = context;
  const note = await createNote(
    context.app,
    { projectId: context.environment.projectId, environmentId: context.environment.id },
    { userId: run.user.id, userEmail: run.user.email, source: 'workflow' },
    {
      collectionName: run.collection,
      recordId: run.recordId,
      title: noteTitle(title, run),
      content,
    },
  );
  return note.id;
}

/** A title whose placeholders were all empty falls back to the workflow's name. */
function noteTitle(rendered: string, run: StepContext['run']): string {
  const title = rendered.trim() || run.workflowName;
  return title.slice(0, NOTE_TITLE_MAX_LENGTH);
}

import type { z } from 'zod';
import { NOTE_TITLE_MAX_LENGTH } from '../../../notes/note-inputs';
import { createNote } from '../../../notes/notes-service';
import type { noteStepSchema } from '../../workflow-schemas';
import { renderPlaceholders } from '../render-placeholders';
import type { StepContext, StepResult } from './step-context';

/** Adds a platform note on the record as the run's user; `{{field}}` takes the record as last read. */
export async function runNoteStep(step: z.infer<typeof noteStepSchema>, context: StepContext): Promise<StepResult> {
  const { run } = context;
  const note = await createNote(
    context.app,
    { projectId: context.environment.projectId, environmentId: context.environment.id },
    { userId: run.user.id, userEmail: run.user.email, source: 'workflow' },
    {
      collectionName: run.collection,
      recordId: run.recordId,
      title: noteTitle(renderPlaceholders(step.title ?? run.workflowName, context.record, { isHtml: false }), run),
      content: renderPlaceholders(step.content, context.record),
    },
  );
  return { output: { noteId: note.id }, attempts: 0 };
}

/** A title whose placeholders were all empty falls back to the workflow's name. */
function noteTitle(rendered: string, run: StepContext['run']): string {
  const title = rendered.trim() || run.workflowName;
  return title.slice(0, NOTE_TITLE_MAX_LENGTH);
}

import type { WorkflowStep } from '../../workflow-schemas';
import { runActionStep } from './action-step';
import { runAiStep } from './ai-step';
import { runConditionStep } from './condition-step';
import { runNoteStep } from './note-step';
import { runReadStep } from './read-step';
import type { StepContext, StepResult } from './step-context';
import { runUpdateStep } from './update-step';

/** Runs one step of any kind. @throws StepFailedError when the step fails. */
export async function runStep(step: WorkflowStep, context: StepContext): Promise<StepResult> {
  switch (step.kind) {
    case 'read':
      return runReadStep(step, context);
    case 'update':
      return runUpdateStep(step, context);
    case 'action':
      return runActionStep(step, context);
    case 'note':
      return runNoteStep(step, context);
    case 'condition':
      return runConditionStep(step, context);
    case 'ai':
      return runAiStep(step, context);
    default: {
      const unknownStep: never = step;
      throw new Error(`Unknown step kind ${JSON.stringify(unknownStep)}`);
    }
  }
}

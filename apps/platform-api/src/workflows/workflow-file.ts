import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { ValidationError } from '../errors';

/**
 * Reads a workflow definition file for the CLI: JSON for `.json`, YAML otherwise (`.yaml`, `.yml`;
 * YAML also reads JSON). Returns the parsed document, still unchecked (workflowDefinitionSchema
 * judges it); an unreadable or unparsable file is a ValidationError naming the file.
 */
export async function readWorkflowFile(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new ValidationError(`Cannot read the workflow file ${path}: ${(error as Error).message}`, [], {
      cause: error,
    });
  }
  try {
    return extname(path).toLowerCase() === '.json' ? JSON.parse(text) : parseYaml(text);
  } catch (error) {
    const format = extname(path).toLowerCase() === '.json' ? 'JSON' : 'YAML';
    throw new ValidationError(`The workflow file ${path} is not valid ${format}: ${(error as Error).message}`, [], {
      cause: error,
    });
  }
}

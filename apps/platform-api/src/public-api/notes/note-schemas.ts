import { z } from 'zod';
import {
  collectionObject,
  dateTime,
  environmentObject,
  listingParameters,
  teamObject,
  userObject,
} from '../openapi/common-schemas';
import { emailParam, idParam, isoDateParam, limitParam, rangeParams, textParam } from '../query/query-params';

export const notesPathSchema = z.object({
  projectName: z.string().meta({ description: 'Project name (case sensitive).', example: 'Acme' }),
  environmentName: z.string().meta({ description: 'Environment name (case sensitive).', example: 'production' }),
});

export const notePathSchema = notesPathSchema.extend({
  noteId: idParam('noteId').meta({ description: 'Note id.' }),
});

/** Query of `GET .../notes` (spec §4.1); unknown parameters are refused. */
export const notesQuerySchema = z.strictObject({
  limit: limitParam,
  userEmail: emailParam.optional(),
  userId: idParam('userId').optional().meta({ description: 'Id of the creator.' }),
  teamName: textParam('Name of the team (case sensitive).').optional(),
  collectionName: textParam('Collection name as defined in the schema.').optional(),
  recordId: textParam('Id of the record the note is attached to.').optional(),
  ...rangeParams('createdAt', isoDateParam),
  ...rangeParams('updatedAt', isoDateParam),
  ...rangeParams('archivedAt', isoDateParam),
  ...rangeParams('id', idParam),
});

export type NotesQuery = z.output<typeof notesQuerySchema>;

export const noteMessageObject = z
  .object({
    object: z.literal('note-message'),
    content: z.string().meta({ description: 'HTML.' }),
    createdAt: dateTime,
    user: userObject,
  })
  .meta({ id: 'NoteMessage' });

export const noteObject = z
  .object({
    object: z.literal('note'),
    id: z.int(),
    title: z.string(),
    recordId: z.string(),
    createdAt: dateTime,
    updatedAt: dateTime.meta({ description: 'Last change of the note or of one of its messages.' }),
    archivedAt: dateTime.optional().meta({ description: 'Present when the note is archived.' }),
    user: userObject.meta({ description: 'Creator.' }),
    environment: environmentObject,
    team: teamObject.optional().meta({ description: 'Missing when the note belongs to no team.' }),
    collection: collectionObject.optional().meta({ description: 'Missing when the collection was deleted.' }),
    messages: z.array(noteMessageObject).meta({ description: 'The thread, oldest first.' }),
  })
  .meta({ id: 'Note' });

export type NoteObject = z.infer<typeof noteObject>;

export const notesListingObject = z
  .object({
    parameters: listingParameters({ projectName: z.string(), environmentName: z.string() }),
    data: z.array(noteObject).meta({ description: 'Ordered by id descending (most recent first).' }),
    hasMore: z.boolean().meta({ description: 'True when more notes match after this set.' }),
  })
  .meta({ id: 'NotesListing' });

export type NotesListingObject = z.infer<typeof notesListingObject>;

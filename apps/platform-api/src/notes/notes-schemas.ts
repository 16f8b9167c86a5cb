import { z } from 'zod';
import {
  collectionObject,
  dateTime,
  environmentObject,
  listingParameters,
  teamObject,
  userObject,
} from '../http/listing/listing-schemas';
import { emailParam, idParam, isoDateParam, limitParam, rangeParams, textParam } from '../http/listing/query-params';
import { withoutNul } from '../http/text-rules';

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

export const NOTE_TITLE_MAX_LENGTH = 500;
/** Message contents are HTML; 100,000 characters is far beyond any hand-written thread entry. */
export const NOTE_CONTENT_MAX_LENGTH = 100_000;

const content = withoutNul(
  z
    .string({ error: 'The content is required: the HTML of the message.' })
    .min(1, 'The content is empty; give the HTML of the message.')
    .max(NOTE_CONTENT_MAX_LENGTH, `The content is at most ${NOTE_CONTENT_MAX_LENGTH} characters.`),
  'The content',
).meta({ description: 'HTML of the message.', example: '<p>Refund approved.</p>' });

/** A new note on a record, with its first message. */
export const createNoteInputSchema = z
  .object({
    collectionName: withoutNul(
      z
        .string({ error: 'The collectionName is required: the collection as defined in the schema.' })
        .min(1, 'The collectionName is empty.')
        .max(255, 'The collectionName is at most 255 characters.'),
      'The collectionName',
    ).meta({ description: 'Collection of the record, as defined in the schema.', example: 'orders' }),
    recordId: withoutNul(
      z
        .string({ error: 'The recordId is required (composite keys packed with `|`).' })
        .min(1, 'The recordId is empty.')
        .max(1024, 'The recordId is at most 1024 characters.'),
      'The recordId',
    ).meta({ description: 'Id of the record; composite primary keys packed with `|`.', example: '1042' }),
    title: withoutNul(
      z
        .string({ error: 'The title is required.' })
        .trim()
        .min(1, 'The title is empty.')
        .max(NOTE_TITLE_MAX_LENGTH, `The title is at most ${NOTE_TITLE_MAX_LENGTH} characters.`),
      'The title',
    ).meta({ example: 'Refund request' }),
    content,
    teamName: withoutNul(z.string().min(1, 'The teamName is empty; omit it for a note without a team.'), 'The teamName')
      .optional()
      .meta({ description: 'Team of the project the note belongs to; none when omitted.', example: 'Operations' }),
  })
  .meta({ id: 'CreateNoteRequest' });

export type CreateNoteInput = z.output<typeof createNoteInputSchema>;

/** A new message on a note's thread. */
export const addNoteMessageInputSchema = z.object({ content }).meta({ id: 'AddNoteMessageRequest' });

export type AddNoteMessageInput = z.output<typeof addNoteMessageInputSchema>;

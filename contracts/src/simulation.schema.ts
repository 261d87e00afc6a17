import { z } from 'zod';
import './zodConfig';
import { PERSONA_COUNT, SIMULATION_MONTHS, INSIGHT_REPLY_CHARS, SIMULATION_LIMITS } from './simulation';

// ---------------------------------------------------------------------------------------------
// Request schemas (the BFF parses every body with these → 400 with a clear message)
// ---------------------------------------------------------------------------------------------

const required = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .max(max, { error: `${label} must be at most ${max} characters` })
    .refine((s) => s.trim().length > 0, { error: `${label} is required` })
    .meta({ minLength: 1, description: 'Not blank' });
const optionalText = (max: number, label: string) =>
  z.string({ error: `${label} must be text` }).max(max, { error: `${label} must be at most ${max} characters` });

/** The validation data sent back as context (idea, target customer, problem, Val's feedback). */
export const simValidationDataSchema = z.object(
  {
    idea: required(SIMULATION_LIMITS.idea, 'idea'),
    targetCustomer: required(SIMULATION_LIMITS.targetCustomer, 'targetCustomer'),
    problemSolved: required(SIMULATION_LIMITS.problemSolved, 'problemSolved'),
    feedback: optionalText(SIMULATION_LIMITS.feedback, 'feedback').default(''),
  },
  { error: 'validationData must be an object with idea, targetCustomer, problemSolved and feedback' },
);

export const customerPersonaSchema = z.object(
  {
    id: required(64, 'id'),
    name: required(SIMULATION_LIMITS.personaName, 'name'),
    role: required(SIMULATION_LIMITS.personaRole, 'role'),
    avatar: optionalText(SIMULATION_LIMITS.avatar, 'avatar').default(''),
    background: optionalText(SIMULATION_LIMITS.personaBackground, 'background').default(''),
  },
  { error: 'customerPersona must be an object with id, name, role, avatar and background' },
);

const timestamp = z.union([z.string().max(40), z.number()]).optional();

export const interviewMessageSchema = z.object({
  id: optionalText(64, 'id').optional(),
  customerId: optionalText(64, 'customerId').optional(),
  isUser: z.boolean({ error: 'isUser must be true or false' }),
  text: optionalText(SIMULATION_LIMITS.message, 'text'),
  timestamp,
});

export const mentorChatMessageSchema = z.object({
  id: optionalText(64, 'id').optional(),
  isUser: z.boolean({ error: 'isUser must be true or false' }),
  text: optionalText(SIMULATION_LIMITS.message, 'text'),
  timestamp,
});

const listOfText = z
  .array(optionalText(SIMULATION_LIMITS.listItem, 'item'))
  .max(SIMULATION_LIMITS.listItems, { error: `at most ${SIMULATION_LIMITS.listItems} items` });

export const simulationMonthSchema = z.object({
  month: z.number({ error: 'month must be a number' }).int().min(1).max(SIMULATION_MONTHS),
  title: optionalText(SIMULATION_LIMITS.monthTitle, 'title'),
  users: z.number({ error: 'users must be a number' }).min(0).max(1e9),
  wins: listOfText.default([]),
  challenges: listOfText.default([]),
  challenge: optionalText(SIMULATION_LIMITS.challenge, 'challenge').optional(),
  nextMonthUsers: z.number({ error: 'nextMonthUsers must be a number' }).min(0).max(1e9).optional(),
  newUsers: z.number({ error: 'newUsers must be a number' }).int({ error: 'newUsers must be a whole number' }).min(0).max(1e9).optional(),
  churnedUsers: z.number({ error: 'churnedUsers must be a number' }).int({ error: 'churnedUsers must be a whole number' }).min(0).max(1e9).optional(),
  previousUsers: z.number({ error: 'previousUsers must be a number' }).int({ error: 'previousUsers must be a whole number' }).min(0).max(1e9).optional(),
});

const history = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .max(SIMULATION_LIMITS.history, {
      error: `conversationHistory must have at most ${SIMULATION_LIMITS.history} messages (send the most recent ones)`,
    })
    .default([]);

const monthNumber = z
  .number({ error: 'month must be a number from 1 to 6' })
  .int({ error: 'month must be a whole number' })
  .min(1, { error: 'month must be from 1 to 6' })
  .max(SIMULATION_MONTHS, { error: 'month must be from 1 to 6' });

/** Body of `POST /api/generate-customers`: the validation data. */
export const generateCustomersRequestSchema = simValidationDataSchema;
export type GenerateCustomersRequest = z.infer<typeof generateCustomersRequestSchema>;

/** Body of `POST /api/customer-interview` (and `/stream`); userQuestion is empty for the opening message. */
export const customerInterviewRequestSchema = z.object({
  customerId: required(64, 'customerId'),
  customerPersona: customerPersonaSchema,
  userQuestion: optionalText(SIMULATION_LIMITS.question, 'userQuestion').default(''),
  conversationHistory: history(interviewMessageSchema),
  validationData: simValidationDataSchema,
});
export type CustomerInterviewRequest = z.infer<typeof customerInterviewRequestSchema>;

export const customerInsightSchema = z.object({
  persona: customerPersonaSchema,
  responses: z
    .array(optionalText(INSIGHT_REPLY_CHARS, 'response'))
    .max(SIMULATION_LIMITS.insightReplies, { error: `at most ${SIMULATION_LIMITS.insightReplies} responses per persona` })
    .default([]),
  completed: z.boolean().default(false),
});

/** Body of `POST /api/generate-simulation`. */
export const generateSimulationRequestSchema = z.object({
  validationData: simValidationDataSchema,
  customerInsights: z
    .array(customerInsightSchema)
    .min(1, { error: 'customerInsights needs at least 1 interviewed customer' })
    .max(PERSONA_COUNT, { error: `customerInsights has at most ${PERSONA_COUNT} personas` }),
  landingPageContent: optionalText(5000, 'landingPageContent').nullable().default(null),
});
export type GenerateSimulationRequest = z.infer<typeof generateSimulationRequestSchema>;

/** Body of `POST /api/challenge-feedback`. */
export const challengeFeedbackRequestSchema = z.object({
  month: monthNumber,
  challenge: required(SIMULATION_LIMITS.challenge, 'challenge'),
  response: required(SIMULATION_LIMITS.question * 2, 'response'),
  validationData: simValidationDataSchema,
  simulationData: z.union([simulationMonthSchema, z.array(simulationMonthSchema).max(SIMULATION_MONTHS)]).optional(),
});
export type ChallengeFeedbackRequest = z.infer<typeof challengeFeedbackRequestSchema>;

/** Body of `POST /api/val-chat` (and `/stream`): simulationData is that month's entry. */
export const valChatRequestSchema = z.object({
  month: monthNumber,
  question: required(SIMULATION_LIMITS.question, 'question'),
  conversationHistory: history(mentorChatMessageSchema),
  simulationData: simulationMonthSchema,
  validationData: simValidationDataSchema,
});
export type ValChatRequest = z.infer<typeof valChatRequestSchema>;

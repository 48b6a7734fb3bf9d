// A model switch started from a door (the app's Models screen) runs in the background, one at a
// time: this keeps its progress for `models` to report, and what the screen lists beside it.
import { UseModelRequest, type ModelJob, type ModelsResponse } from '../../../shared/models.ts';
import { BadRequest } from '../../../shared/errors.ts';
import { modelSettingText } from '../config/model-setting.ts';
import { previousModel } from '../config/remember-model.ts';
import { HUB_ENDPOINT } from './hub-download.ts';
import { modelChoices } from './model-catalog.ts';
import type { EmbedProgress, SemanticIndex } from './semantic-index.ts';

export interface ModelJobsDeps {
  semantic: SemanticIndex;
  /** The engine's switch, which also keeps the choice in the config file. */
  switchModel(setting: string, onProgress: (p: EmbedProgress) => void): Promise<unknown>;
  configPath: string;
  hubCache: string;
}

export class ModelJobs {
  private job: ModelJob | null = null;
  private running: Promise<void> | null = null;

  constructor(private readonly deps: ModelJobsDeps) {}

  list(): ModelsResponse {
    const { semantic, hubCache, configPath } = this.deps;
    return {
      serving: semantic.embedder?.info.id ?? null,
      setting: modelSettingText(semantic.modelSetting),
      previous: previousModel(configPath),
      endpoint: process.env.HF_ENDPOINT ?? HUB_ENDPOINT,
      choices: modelChoices(hubCache),
      job: this.job,
    };
  }

  /** Starts moving to `setting`; refused while another switch runs. */
  start(setting: string): ModelJob {
    if (this.running) throw new BadRequest(`a switch to ${this.job!.setting} is under way: wait for it to end`);
    const job: ModelJob = { setting, phase: 'download', done: 0, total: 0, note: 'starting', error: null };
    this.job = job;
    this.running = this.deps
      .switchModel(setting, (p) => Object.assign(job, { phase: p.phase === 'download' ? 'download' : 'embed', done: p.done, total: p.total, note: p.note }))
      .then(
        () => void Object.assign(job, { phase: 'done', note: null }),
        (err: Error) => void Object.assign(job, { phase: 'failed', error: err.message }),
      )
      .finally(() => (this.running = null));
    return { ...job };
  }

  /** Starts moving back to the model before the last switch. */
  rollback(): ModelJob {
    const previous = previousModel(this.deps.configPath);
    if (!previous) throw new BadRequest('no model to go back to: no switch has been made here');
    // a door moves only to what it may name itself: a folder is the command line's (`cairn models rollback`)
    if (!UseModelRequest.safeParse({ model: previous }).success)
      throw new BadRequest(`the model before was ${previous}: go back to it from the command line, \`cairn models rollback\``);
    return this.start(previous);
  }
}

import type { LuckySpinService } from './luckySpin';
import type { MasskaraService } from './masskara';
import type { RafflesService } from './raffles';
import type { MissionsService } from './service';
import type { TournamentsService } from './tournaments';

/** The module's services, as its routes and dev routes get them. */
export interface CampaignServices {
  missions: MissionsService;
  luckySpin: LuckySpinService;
  tournaments: TournamentsService;
  masskara: MasskaraService;
  raffles: RafflesService;
}

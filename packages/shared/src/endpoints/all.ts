/**
 * Every endpoint the API serves, for the checks that must see them all: the API's route inventory gives each
 * served route the access class of its descriptor, and a route without a descriptor fails the security tests.
 */
import type { Endpoint } from "../endpoint";
import { adminEndpoints } from "./admin";
import { authEndpoints } from "./auth";
import { awardAdminEndpoints } from "./awards";
import { bountyAdminEndpoints, bountyEndpoints } from "./bounties";
import { commentAdminEndpoints, commentEndpoints } from "./comments";
import { configEndpoints } from "./config";
import { eventEndpoints } from "./events";
import { explorerEndpoints } from "./explorer";
import { explorerToolEndpoints } from "./explorer-tools";
import { feedAdminEndpoints, feedEndpoints } from "./feed";
import { imageEndpoints } from "./images";
import { leaderboardEndpoints } from "./leaderboard";
import { notificationEndpoints } from "./notifications";
import { postAdminEndpoints, postEndpoints } from "./posts";
import { predictionAdminEndpoints, predictionEndpoints } from "./predictions";
import { profileAdminEndpoints, profileEndpoints } from "./profiles";
import { projectAdminEndpoints, projectEndpoints } from "./projects";
import { relayEndpoints } from "./relay";
import { archiveEndpoints, semesterAdminEndpoints } from "./semesters";
import { tipEndpoints } from "./tips";
import { whitelistAdminEndpoints, whitelistEndpoints } from "./whitelist";

export const allEndpoints: readonly Endpoint[] = [
  authEndpoints,
  configEndpoints,
  imageEndpoints,
  profileEndpoints,
  profileAdminEndpoints,
  postEndpoints,
  postAdminEndpoints,
  commentEndpoints,
  commentAdminEndpoints,
  projectEndpoints,
  projectAdminEndpoints,
  tipEndpoints,
  bountyEndpoints,
  bountyAdminEndpoints,
  explorerEndpoints,
  explorerToolEndpoints,
  feedEndpoints,
  feedAdminEndpoints,
  predictionEndpoints,
  predictionAdminEndpoints,
  leaderboardEndpoints,
  archiveEndpoints,
  semesterAdminEndpoints,
  whitelistEndpoints,
  whitelistAdminEndpoints,
  adminEndpoints,
  awardAdminEndpoints,
  relayEndpoints,
  eventEndpoints,
  notificationEndpoints,
].flatMap((group): Endpoint[] => Object.values(group));

/** /projects composed from the projects feature and the predictions feature (shown for projects 2–4). */
import { PredictionsPanel } from "../../features/predictions/predictions-panel";
import { ProjectsPage } from "../../features/projects/projects-page";

const renderPredictions = (projectNumber: number) => (
  <PredictionsPanel key={`predictions-${projectNumber}`} projectNumber={projectNumber} />
);

export function ProjectsRoute() {
  return <ProjectsPage renderExtras={renderPredictions} />;
}
